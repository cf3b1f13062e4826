# sizes.awk - turns the file-scope lines of ompicc-tr --dump-all-symbols
# into _Static_asserts, so that the C compiler checks every size and
# member offset sema computed:
#   t.c:3:8: 'point' tag struct point size 16 depth 0
#       member 'y' double offset 8 size 8
# becomes
#   _Static_assert(sizeof(struct point) == 16, "struct point");
#   _Static_assert(__builtin_offsetof(struct point, y) == 8, "struct point.y");
function unquote(s) { gsub(/'/, "", s); return s }
$1 == "member" {
  if (record != "" && $2 != "'<anonymous>'" && $(NF-1) != "bits" && $0 !~ / bits [0-9]+:[0-9]+$/) {
    for (k = 3; k <= NF && $k != "offset"; k++) ;
    m = unquote($2)
    printf "_Static_assert(__builtin_offsetof(%s, %s) == %s, \"%s.%s\");\n", record, m, $(k+1), record, m
  }
  next
}
{
  record = ""
  if ($NF != "0" || $(NF-1) != "depth") next
  size = ""
  for (k = 4; k < NF; k++) if ($k == "size" && $(k+1) ~ /^[0-9]+$/) { size = $(k+1); at = k }
  if (size == "") next
  name = unquote($2)
  if ($3 == "tag") {
    type = $4
    for (k = 5; k < at; k++) type = type " " $k
    if (type ~ /<anonymous>/ || type ~ /^enum/) next
    record = type
    printf "_Static_assert(sizeof(%s) == %s, \"%s\");\n", type, size, type
  } else if ($3 == "variable" || $3 == "typedef") {
    if ($3 == "typedef")
      record = name
    printf "_Static_assert(sizeof(%s) == %s, \"%s\");\n", name, size, name
  }
}
