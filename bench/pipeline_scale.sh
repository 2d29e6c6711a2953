#!/usr/bin/env bash
# Plans at scale with the inter-op pass, as a user would run them: `xpar model` writes the step,
# `xpar plan --pipeline --stage-cost layer-plans --stage-plans` chooses stages on submeshes from
# intra-op plans of the layers and then plans each chosen stage; the wall time of each command.
#   bench/pipeline_scale.sh BUILD_DIR [ROW...]     rows: gpt-175b gpt-39b-p3 llama2-13b-p3
#                                                       llama2-70b-p3 (default: all)
# Prints each row's command, its wall time and the plan's summary lines.
set -euo pipefail

build="$(cd "${1:?usage: bench/pipeline_scale.sh BUILD_DIR [ROW...]}" && pwd)"
shift
xpar="$build/xpar"
[[ -x "$xpar" ]] || { echo "pipeline_scale.sh: $xpar is missing (ninja -C $build xpar)" >&2; exit 1; }
rows=("$@")
[[ ${#rows[@]} -gt 0 ]] || rows=(gpt-175b gpt-39b-p3 llama2-13b-p3 llama2-70b-p3)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# MODEL BATCH CLUSTER MESH MICROBATCHES TIME_LIMIT
row_args() {
  case "$1" in
    gpt-175b) echo "gpt-175b 1536 dgx-a100 128x8 64 3" ;;
    gpt-39b-p3) echo "gpt-39b 64 p3.16xlarge 8x8 8 3" ;;
    llama2-13b-p3) echo "llama2-13b 8 p3.16xlarge 4x8 8 3" ;;
    llama2-70b-p3) echo "llama2-70b 16 p3.16xlarge 8x8 16 3" ;;
    *) echo "pipeline_scale.sh: unknown row $1" >&2; exit 1 ;;
  esac
}

for row in "${rows[@]}"; do
  read -r model batch cluster mesh micro limit <<< "$(row_args "$row")"
  hlo="$tmp/$model.hlo"
  gen=("$xpar" model "$model" --batch "$batch" --dtype bf16 -o "$hlo")
  plan=("$xpar" plan "$hlo" --mesh "$mesh" --cluster "$cluster" --pipeline --microbatches "$micro"
        --stage-cost layer-plans --stage-plans --time-limit "$limit" --quiet)
  echo "## $row: ${gen[*]/#$build\//} && ${plan[*]/#$build\//}"
  t0=$(date +%s.%N)
  "${gen[@]}" 2>&1 | sed 's/^/  /'
  t1=$(date +%s.%N)
  "${plan[@]}" > "$tmp/plan.txt" 2>&1 || { echo "  plan failed:"; sed 's/^/  /' "$tmp/plan.txt"; continue; }
  t2=$(date +%s.%N)
  grep -v 'GiB  %\|What would' "$tmp/plan.txt" | sed 's/^/  /'
  printf '  wall: generate %.1f s, plan %.1f s, total %.1f s (load average %s)\n\n' \
    "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$(echo "$t2 - $t0" | bc)" \
    "$(cut -d' ' -f1 /proc/loadavg)"
done
