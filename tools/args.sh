# Argument helpers shared by the tools' scripts (sourced; $script names the caller in messages).
#   value_of "$@"   inside a `case` branch of an option that takes a value: a usage error naming
#                   the option when the value is missing (not bash's "unbound variable")
#   print_help FILE prints FILE's header comment, whole (the script's --help)
value_of() { [ $# -ge 2 ] || { echo "$script: $1 needs a value (see --help)" >&2; exit 2; }; }
print_help() { awk 'NR > 1 && !/^#/ { exit } NR > 1' "$1"; }
