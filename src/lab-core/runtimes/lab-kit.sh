#!/usr/bin/env bash
# The HTTP API (curl and jq) lab kit's runtime: everything a kit does but the scenario itself.
# src/lab-core/kit-http.ts writes a kit as its header, the plan's variables, the text between the
# `kit:runtime` and `kit:end` lines below (embedded by `npm run kits:embed`), the refusal function
# made from src/lab-core/http-errors.ts, the scenario's steps and the call of main. The stubs make
# this file a program that `bash -n` and shellcheck check (tests/unit/labkit-runtimes.test.ts);
# they are never part of a kit. Few jq calls: building JSON at the end, not after every step, keeps
# a run to about one curl per step.
# kit:stub
set -u -o pipefail
FORMAT=x
VERSION=0
SCENARIO=00000000
VHOSTS=()
QUEUES=()
DECLARED=()
# kit:runtime

for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "[lab] this kit needs $tool" >&2; exit 1; }
done
API_URL=${RABBITMQ_MANAGEMENT_URL:-http://localhost:15672}
MODE=${LAB_MODE:-auto}
KEEP=${LAB_KEEP:-0}
RUN=${LAB_NAME:-lab-${SCENARIO:0:8}-$(LC_ALL=C tr -dc a-z0-9 </dev/urandom | head -c 6)}
log() { printf '[lab] %s\n' "$*" >&2; }
now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local s=${EPOCHREALTIME%.*} f=${EPOCHREALTIME#*.}
    TZ=UTC0 printf '%(%Y-%m-%dT%H:%M:%S)T.%sZ' "$s" "${f:0:3}"
  else date -u +%Y-%m-%dT%H:%M:%SZ; fi
}
OBSERVED_AT=$(now)

# ---- the management API: base URL and credentials (from the URL, else guest:guest), never echoed
if [[ $API_URL =~ ^(https?://)([^@/]*)@(.*)$ ]]; then
  API_BASE=${BASH_REMATCH[1]}${BASH_REMATCH[3]}
  userinfo=${BASH_REMATCH[2]}
else
  API_BASE=$API_URL
  userinfo='guest:guest'
fi
API_BASE=${API_BASE%/}
pct() { printf '%b' "${1//%/\\x}"; }
API_USER=$(pct "${userinfo%%:*}")
API_PASS=$(pct "${userinfo#*:}")
unset userinfo
# curl reads the credentials from stdin (a config line), so they never show in the process list.
AUTH_CONFIG="$API_USER:$API_PASS"
AUTH_CONFIG=${AUTH_CONFIG//\\/\\\\}
AUTH_CONFIG="user = \"${AUTH_CONFIG//\"/\\\"}\""
# Percent-encoding of a URL path segment, byte by byte.
enc() {
  local LC_ALL=C s=$1 out='' c i
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    case $c in
      [a-zA-Z0-9.~_-]) out+=$c ;;
      *) printf -v c '%%%02X' "'$c"; out+=$c ;;
    esac
  done
  printf '%s' "$out"
}
# URL part for an exchange name: the default exchange is amq.default in the API's paths.
xenc() { if [ -z "$1" ]; then printf amq.default; else enc "$1"; fi; }

# http METHOD PATH [BODY]: sets STATUS and BODY; exits when the API cannot be reached at all.
http() {
  local out
  if ! out=$(curl -sS -X "$1" -K - -H 'content-type: application/json' --max-time 30 \
    ${3+--data-binary} ${3+"$3"} -w '\n%{http_code}' "$API_BASE/api$2" <<<"$AUTH_CONFIG"); then
    log "cannot reach the management API at $API_BASE"
    exit 1
  fi
  STATUS=${out##*$'\n'}
  BODY=${out%$'\n'*}
}
ok() { [ "${STATUS:0:1}" = 2 ]; }

# ---- isolation: one scratch vhost per scenario vhost, or a name prefix inside an existing vhost
http GET /overview
if [ "$STATUS" = 401 ]; then log "the management API refused the user name or password (401)"; exit 1; fi
ok || { log "GET /api/overview: HTTP $STATUS $BODY"; exit 1; }
BROKER_PRODUCT=$(jq -r '.product_name // "RabbitMQ"' <<<"$BODY")
BROKER_VERSION=$(jq -r '.rabbitmq_version // "unknown"' <<<"$BODY")
TARGET_VHOST=()
PREFIX=()
CREATED=()
ISOLATION_MODE=vhost
ISOLATION_NAME=$RUN
isolate() {
  local i name
  if [ "$MODE" != prefix ]; then
    for i in "${!VHOSTS[@]}"; do
      if [ "$i" = 0 ]; then name=$RUN; else name="$RUN-$i"; fi
      http PUT "/vhosts/$(enc "$name")" '{}'
      if ok; then
        CREATED+=("$name")
        http PUT "/permissions/$(enc "$name")/$(enc "$API_USER")" '{"configure":".*","write":".*","read":".*"}'
      fi
      if ! ok; then
        [ "$MODE" = vhost ] && { log "cannot create vhost $name: HTTP $STATUS $BODY"; exit 1; }
        log "no scratch vhost (HTTP $STATUS); using a name prefix instead"
        for name in "${CREATED[@]}"; do http DELETE "/vhosts/$(enc "$name")"; done
        CREATED=()
        TARGET_VHOST=()
        break
      fi
      TARGET_VHOST+=("$name")
      PREFIX+=('')
    done
    [ ${#TARGET_VHOST[@]} -gt 0 ] && return
  fi
  ISOLATION_MODE=prefix
  ISOLATION_NAME="$RUN."
  PREFIX=()
  for i in "${!VHOSTS[@]}"; do
    TARGET_VHOST+=("${LAB_VHOST:-/}")
    if [ "$i" = 0 ]; then PREFIX+=("$RUN."); else PREFIX+=("$RUN-$i."); fi
  done
}

# N V NAME: the name as the broker sees it (built-in amq.* and "" are never prefixed).
N() { if [ -n "${PREFIX[$1]}" ] && [ -n "$2" ] && [[ $2 != amq.* ]]; then printf '%s' "${PREFIX[$1]}$2"; else printf '%s' "$2"; fi; }
venc() { enc "${TARGET_VHOST[$1]}"; }
# A broker text with the scenario's names (scratch vhost and prefix taken out).
scenario_text() {
  local t=$2 p=${PREFIX[$1]}
  t=${t//"vhost '${TARGET_VHOST[$1]}'"/"vhost '${VHOSTS[$1]}'"}
  [ -n "$p" ] && t=${t//"'$p"/"'"}
  printf '%s' "$t"
}
# In prefix mode, JSON bodies name prefixed things too (jq only runs then).
# shellcheck disable=SC2016 # jq's $p, not the shell's
PREFIX_JQ='def named: if type == "string" and $p != "" and . != "" and (startswith("amq.") | not) then $p + . else . end;'

# ---- the observation: flat lists of fields, turned into JSON once at the end
ERRORS=()  # id stage code text
RETURNS=() # id
NACKS=()   # id
STEPS=()   # id at
QUEUES_JSON='{}'
BINDINGS='null'
step_started() { STEPS+=("$1" "$(now)"); }
record() { # V ID STAGE CODE TEXT
  local text=$5
  if [ "$4" != 0 ]; then # (the x keeps a final newline, which $(...) would drop)
    text=$(scenario_text "$1" "$5"; printf x)
    text=${text%x}
  fi
  ERRORS+=("$2" "$3" "$4" "$text")
}
check() { ok || { refusal "$STATUS" "$BODY"; record "$1" "$2" "$3" "$R_CODE" "$R_TEXT"; }; }

# ---- the steps a scenario is made of (each gets the API's request body, ready made)
declare_exchange() { # V ID NAME BODY
  local name body=$4
  name=$(N "$1" "$3")
  step_started "$2"
  if [ "$body" = '{"passive":true}' ]; then
    http GET "/exchanges/$(venc "$1")/$(xenc "$name")"
    [ "$STATUS" = 404 ] && { record "$1" "$2" declare 404 "NOT_FOUND - no exchange '$3' in vhost '${VHOSTS[$1]}'"; return; }
  else
    if [ -n "${PREFIX[$1]}" ] && [[ $body == *'"alternate-exchange"'* ]]; then
      body=$(jq -c --arg p "${PREFIX[$1]}" "$PREFIX_JQ"' .arguments["alternate-exchange"] |= named' <<<"$body")
    fi
    http PUT "/exchanges/$(venc "$1")/$(xenc "$name")" "$body"
  fi
  check "$1" "$2" declare
}
declare_queue() { # V ID NAME BODY
  local name body=$4
  name=$(N "$1" "$3")
  step_started "$2"
  if [ "$body" = '{"passive":true}' ]; then
    http GET "/queues/$(venc "$1")/$(enc "$name")"
    [ "$STATUS" = 404 ] && { record "$1" "$2" declare 404 "NOT_FOUND - no queue '$3' in vhost '${VHOSTS[$1]}'"; return; }
  else
    if [ -n "${PREFIX[$1]}" ] && [[ $body == *'"x-dead-letter-exchange"'* ]]; then
      # A dead-letter exchange is a name too (and so is its key, beside the default exchange).
      body=$(jq -c --arg p "${PREFIX[$1]}" "$PREFIX_JQ"' .arguments |= (
        if .["x-dead-letter-exchange"] == "" and (.["x-dead-letter-routing-key"] | type) == "string"
          then .["x-dead-letter-routing-key"] |= named else . end
        | if (.["x-dead-letter-exchange"] | type) == "string" then .["x-dead-letter-exchange"] |= named else . end)' <<<"$body")
    fi
    http PUT "/queues/$(venc "$1")/$(enc "$name")" "$body"
  fi
  check "$1" "$2" declare
}
binding_path() { # V SOURCE TYPE DEST
  local d=q dest
  if [ "$3" = exchange ]; then d=e; dest=$(xenc "$(N "$1" "$4")"); else dest=$(enc "$(N "$1" "$4")"); fi
  printf '/bindings/%s/e/%s/%s/%s' "$(venc "$1")" "$(xenc "$(N "$1" "$2")")" "$d" "$dest"
}
bind() { # V ID SOURCE TYPE DEST BODY
  step_started "$2"
  http POST "$(binding_path "$1" "$3" "$4" "$5")" "$6"
  check "$1" "$2" bind
}
unbind() { # V ID SOURCE TYPE DEST BODY: find the binding's properties key, then delete it
  local path key
  step_started "$2"
  path=$(binding_path "$1" "$3" "$4" "$5")
  http GET "$path"
  if ! ok; then check "$1" "$2" unbind; return; fi
  key=$(jq -r --argjson want "$6" 'map(select(.routing_key == $want.routing_key and .arguments == $want.arguments))
    | .[0].properties_key // empty' <<<"$BODY")
  [ -z "$key" ] && return # nothing to unbind: not an error
  http DELETE "$path/$(enc "$key")"
  [ "$STATUS" = 404 ] || check "$1" "$2" unbind
}
delete_exchange() { # V ID NAME IF_UNUSED
  local query=
  step_started "$2"
  [ "$4" = true ] && query='?if-unused=true'
  http DELETE "/exchanges/$(venc "$1")/$(xenc "$(N "$1" "$3")")$query"
  [ "$STATUS" = 404 ] || check "$1" "$2" delete # deleting a missing exchange is not an error
}
delete_queue() { # V ID NAME
  step_started "$2"
  http DELETE "/queues/$(venc "$1")/$(enc "$(N "$1" "$3")")"
  [ "$STATUS" = 404 ] || check "$1" "$2" delete
}
publish() { # V ID EXCHANGE MANDATORY BODY: routed false + mandatory = the basic.return it would be
  local body=$5
  step_started "$2"
  if [ -z "$3" ] && [ -n "${PREFIX[$1]}" ]; then # the default exchange routes by queue name
    body=$(jq -c --arg p "${PREFIX[$1]}" "$PREFIX_JQ"' .routing_key |= named
      | .properties.headers |= ((if (.CC | type) == "array" then .CC |= map(named) else . end)
        | (if (.BCC | type) == "array" then .BCC |= map(named) else . end))' <<<"$body")
  fi
  http POST "/exchanges/$(venc "$1")/$(xenc "$(N "$1" "$3")")/publish" "$body"
  # A full queue with x-overflow reject-publish nacks the API's own publish: 400 "rejected ...".
  if [ "$STATUS" = 400 ] && [[ $BODY == *'"reason":"rejected '* ]]; then NACKS+=("$2"); return; fi
  if ! ok; then check "$1" "$2" publish; return; fi
  [ "$4" = true ] && [[ $BODY == *'"routed":false'* ]] && RETURNS+=("$2")
}

# ---- policies: through the management API; the broker applies one asynchronously, so the kit waits
# until the API lists it on every queue and exchange the playground says it now governs
CREATED_POLICIES=() # prefix mode: vhost index, broker name
policy_reason() { # REASON: the API's, its HTML escapes undone (<<"foo">> arrives as &lt;&lt;"foo"&gt;&gt;)
  REASON=$(jq -j '.reason // empty' <<<"$BODY" 2>/dev/null; printf x) || REASON=x
  REASON=${REASON%x}
  [ -n "$REASON" ] || REASON=$BODY
  REASON=${REASON//&lt;/<}
  REASON=${REASON//&gt;/>}
  REASON=${REASON//&amp;/&}
}
await_policies() { # V WAITS: [[kind, name, policy]] with the scenario's names
  local v=$1 want rows late kind deadline=$((SECONDS + 5))
  # Built-in exchanges are never prefixed, and a prefixed policy never reaches them.
  want=$(jq -c --arg p "${PREFIX[$v]}" "$PREFIX_JQ"' [.[] | select($p == "" or ((.[1] | named) != .[1]))
    | [.[0], (.[1] | named), (if .[2] == "" then "" else $p + .[2] end)]]' <<<"$2")
  [ "$want" = '[]' ] && return
  while :; do
    rows='[]'
    for kind in $(jq -r 'map(.[0]) | unique[]' <<<"$want"); do
      http GET "/${kind}s/$(venc "$v")?disable_stats=true&columns=name,policy"
      ok || return
      rows=$(jq -c --arg k "$kind" --argjson all "$BODY" '. + [$all[] | [$k, .name, (.policy // "")]]' <<<"$rows")
    done
    late=$(jq -r --argjson seen "$rows" '[.[] as $w | $seen[] | select(.[0] == $w[0] and .[1] == $w[1] and .[2] != $w[2])
      | "\(.[0]) \(.[1])"] | join(", ")' <<<"$want")
    [ -z "$late" ] && return
    if [ "$SECONDS" -ge "$deadline" ]; then log "policy not in effect after 5 s on $late"; return; fi
    sleep 0.02
  done
}
set_policy() { # V ID NAME BODY PREFIXED WAITS: the body is for a scratch vhost; prefix mode rewrites it
  local body=$4 path
  step_started "$2"
  if [ -n "${PREFIX[$1]}" ]; then # the pattern's parts joined by the prefix as a PCRE literal, names prefixed
    body=$(jq -c --arg p "${PREFIX[$1]}" --argjson parts "$5" "$PREFIX_JQ"'
      def literal: [explode[] | [.] | implode | if test("^[A-Za-z0-9]$") then . else "\\" + . end] | join("");
      (if $parts == null then . else .pattern = ($parts | join($p | literal)) end)
      | .definition |= (if type != "object" then . else
          (if .["dead-letter-exchange"] == "" and (.["dead-letter-routing-key"] | type) == "string"
            then .["dead-letter-routing-key"] |= named else . end)
          | reduce ("alternate-exchange", "dead-letter-exchange") as $k (.;
              if (.[$k] | type) == "string" then .[$k] |= named else . end) end)' <<<"$body")
  fi
  path="/policies/$(venc "$1")/$(enc "${PREFIX[$1]}$3")"
  http PUT "$path" "$body"
  if [ "$STATUS" = 400 ]; then policy_reason; record "$1" "$2" policy 400 "$REASON"; return; fi
  ok || { log "PUT /api$path: HTTP $STATUS $BODY"; exit 1; }
  if [ -n "${PREFIX[$1]}" ] && [ "$5" = null ]; then
    # Expected to be refused, so sent as written: it would reach the whole shared vhost.
    log "policy $3: the broker took a pattern the playground expected it to refuse; deleted at once"
    http DELETE "$path"
    return
  fi
  [ -n "${PREFIX[$1]}" ] && CREATED_POLICIES+=("$1" "${PREFIX[$1]}$3")
  await_policies "$1" "$6"
}
clear_policy() { # V ID NAME WAITS
  step_started "$2"
  http DELETE "/policies/$(venc "$1")/$(enc "${PREFIX[$1]}$3")"
  [ "$STATUS" = 404 ] && return # clearing what is not there is no error
  if ! ok; then policy_reason; record "$1" "$2" policy "$STATUS" "$REASON"; return; fi
  await_policies "$1" "$4"
}

# ---- after the steps: drain every queue, read the bindings, clean up
drain() {
  local i v q key path ids
  for ((i = 0; i < ${#QUEUES[@]}; i += 2)); do
    v=${QUEUES[$i]}
    q=${QUEUES[$((i + 1))]}
    path="/queues/$(venc "$v")/$(enc "$(N "$v" "$q")")"
    http GET "$path"
    ok || continue # it does not exist
    ids='[]'
    while :; do
      http POST "$path/get" '{"count":1000,"ackmode":"ack_requeue_false","encoding":"auto"}'
      # shellcheck disable=SC2015 # break when the call failed or the queue is empty
      ok && [ "$BODY" != '[]' ] || break
      ids=$(jq -c --argjson ids "$ids" '$ids + map((.properties | objects | .message_id) // .payload)' <<<"$BODY")
    done
    key=$q
    [ "${VHOSTS[$v]}" != / ] && key="${VHOSTS[$v]}/$q"
    QUEUES_JSON=$(jq -c --arg k "$key" --argjson ids "$ids" '. + {($k): $ids}' <<<"$QUEUES_JSON")
  done
}
read_bindings() {
  local v
  BINDINGS='[]'
  for v in "${!VHOSTS[@]}"; do
    http GET "/bindings/$(venc "$v")"
    ok || { BINDINGS=null; return; }
    BINDINGS=$(jq -c --argjson all "$BODY" --arg p "${PREFIX[$v]}" --arg vh "${VHOSTS[$v]}" '
      def un: if $p != "" and startswith($p) then .[($p | length):] else . end;
      . + [$all[] | select(.source != "")
        | select($p == "" or (.source | startswith($p)) or (.destination | startswith($p)))
        | {vhost: $vh, source: (.source | un), destination: (.destination | un),
           destination_type, routing_key}]' <<<"$BINDINGS")
  done
}
cleanup() {
  local i v name
  if [ "$KEEP" = 1 ]; then
    log "kept: $ISOLATION_MODE $ISOLATION_NAME"
    return
  fi
  if [ "$ISOLATION_MODE" = prefix ]; then
    for ((i = 0; i < ${#DECLARED[@]}; i += 3)); do
      v=${DECLARED[$i]}
      name=$(N "$v" "${DECLARED[$((i + 2))]}")
      [ "$name" = "${DECLARED[$((i + 2))]}" ] && continue # built-in: not ours to delete
      if [ "${DECLARED[$((i + 1))]}" = queue ]; then http DELETE "/queues/$(venc "$v")/$(enc "$name")"
      else http DELETE "/exchanges/$(venc "$v")/$(enc "$name")"; fi
    done
    for ((i = 0; i < ${#CREATED_POLICIES[@]}; i += 2)); do
      http DELETE "/policies/$(venc "${CREATED_POLICIES[$i]}")/$(enc "${CREATED_POLICIES[$((i + 1))]}")"
    done
  fi
  for name in "${CREATED[@]}"; do http DELETE "/vhosts/$(enc "$name")"; done
}

main() {
  isolate
  trap cleanup EXIT
  scenario
  drain
  read_bindings
  cleanup
  trap - EXIT
  jq -n --arg format "$FORMAT" --argjson version "$VERSION" --arg scenario "$SCENARIO" \
    --arg product "$BROKER_PRODUCT" --arg bversion "$BROKER_VERSION" --arg at "$OBSERVED_AT" \
    --arg mode "$ISOLATION_MODE" --arg iname "$ISOLATION_NAME" --argjson queues "$QUEUES_JSON" \
    --argjson bindings "$BINDINGS" --argjson ne ${#ERRORS[@]} --argjson nr ${#RETURNS[@]} --argjson nn ${#NACKS[@]} \
    '$ARGS.positional as $a
    | {format: $format, version: $version, kit: "http", scenario: $scenario,
       broker: {product: $product, version: $bversion}, observed_at: $at,
       isolation: {mode: $mode, name: $iname}, queues: $queues,
       returns: [$a[$ne:$ne + $nr][] | {id: ., reply_code: 312, reply_text: "NO_ROUTE"}],
       errors: [range(0; $ne; 4) as $i | {id: $a[$i], stage: $a[$i + 1], code: ($a[$i + 2] | tonumber), text: $a[$i + 3]}],
       steps: [range($ne + $nr + $nn; $a | length; 2) as $i | {id: $a[$i], at: $a[$i + 1]}]}
    + (if $bindings == null then {} else {bindings: $bindings} end)
    + (if $nn == 0 then {} else {nacks: [$a[$ne + $nr:$ne + $nr + $nn][] | {id: ., queues: []}]} end)' \
    --args "${ERRORS[@]}" "${RETURNS[@]}" "${NACKS[@]}" "${STEPS[@]}"
}
# kit:end
refusal() { R_CODE=0; R_TEXT="HTTP $1 - $2"; }
scenario() { :; }

main
