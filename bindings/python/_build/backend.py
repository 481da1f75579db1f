"""The kit's own build backend (PEP 517), standard library only: `pip install bindings/python`
needs nothing from a package index, not even setuptools or wheel, so it works on a machine
with no network. It builds a pure-Python wheel of the aabb_oracle package."""
import base64
import hashlib
import os
import tarfile
import zipfile

NAME, VERSION = "aabb_oracle", "0.1.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METADATA = f"""Metadata-Version: 2.1
Name: aabb-oracle
Version: {VERSION}
Summary: Serve a Python library's bounding-box functions to aabb-oracle check --impl-cmd
Requires-Python: >=3.8
"""
WHEEL = "Wheel-Version: 1.0\nGenerator: aabb-oracle _build/backend.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _sources():
    pkg = os.path.join(ROOT, NAME)
    return sorted(os.path.join(NAME, f) for f in os.listdir(pkg) if f.endswith(".py"))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = f"{NAME}-{VERSION}-py3-none-any.whl"
    dist_info = f"{NAME}-{VERSION}.dist-info"
    records = []

    def add(z, arcname, data):
        z.writestr(zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0)), data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append(f"{arcname},sha256={digest},{len(data)}")

    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for rel in _sources():
            with open(os.path.join(ROOT, rel), "rb") as f:
                add(z, rel.replace(os.sep, "/"), f.read())
        add(z, f"{dist_info}/METADATA", METADATA.encode())
        add(z, f"{dist_info}/WHEEL", WHEEL.encode())
        records.append(f"{dist_info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(2026, 1, 1, 0, 0, 0)), "\n".join(records) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{VERSION}"
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in _sources() + ["pyproject.toml", os.path.join("_build", "backend.py")]:
            t.add(os.path.join(ROOT, rel), arcname=f"{base}/{rel}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = METADATA.encode()
        info.size = len(data)
        import io
        t.addfile(info, io.BytesIO(data))
    return name
