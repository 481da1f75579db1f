"""An adapter that prints to standard output as a library might (the kit keeps it off the
protocol): overlap by hand."""
from aabb_oracle import register, serve


def overlap(a, b):
    print("printed by the library")
    return all(a["min"][i] <= b["max"][i] and b["min"][i] <= a["max"][i] for i in range(3))


register("aabb_overlap_f64", overlap)
serve()
