#!/usr/bin/env bash
# npm run test:container: the image and compose.yaml, tested with podman on this machine.
#
#  1. the local base images (base.sh), built when missing and kept by podman between runs;
#  2. the image: podman build of the Dockerfile on the local Node base;
#  3. podman run on a fresh volume: readiness, /api/health, /, HEALTHCHECK, non-root under tini,
#     a user made with the CLI inside the container and its login; SIGTERM stops it with exit 0;
#     a new container on the same volume still has the user, and the old token still works;
#  4. compose.yaml's postgres profile with podman-compose (PostgreSQL and Redis from the local
#     images): the same checks, the user's row in PostgreSQL, down and up again.
# Everything it starts has a name unique to the run and is removed on exit, passed or not.
# Needs podman, runc, debootstrap and podman-compose (.ci/run installs them).
#
# --build-only stops after step 2: .ci/run builds the image that way in the background while the
# tests run, and the full run that follows finds every layer cached.
set -euo pipefail
build_only=false
[ "${1:-}" = --build-only ] && build_only=true
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/scripts/container"
cd "$root"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"

run_id="kassa-ct-$(date +%s)-$$"
image=localhost/kassa:test
node_image="localhost/kassa-node:$(node -p process.versions.node)-bookworm"
postgres_image=localhost/kassa-postgres:15-bookworm
redis_image=localhost/kassa-redis:7-bookworm
work="$(mktemp -d "/tmp/$run_id.XXXXXX")"
passed=0
containers=()
volumes=()
project=""
current="" # the container whose log a failure shows
compose_port=""

log() { printf '[container %4ss] %s\n' "$SECONDS" "$*" >&2; }
now_ms() { date +%s%3N; }

compose() {
  KASSA_IMAGE="$image" KASSA_POSTGRES_IMAGE="$postgres_image" KASSA_REDIS_IMAGE="$redis_image" \
    KASSA_PORT="127.0.0.1:$compose_port" POSTGRES_PASSWORD="$run_id" \
    podman-compose -p "$project" -f "$root/compose.yaml" "$@" >>"$work/compose.log" 2>&1
}

fail() {
  printf '\nFAIL: %s\n' "$*" >&2
  if [ -n "$current" ]; then
    printf -- '--- last lines of the log of %s ---\n' "$current" >&2
    podman logs --tail 60 "$current" >&2 || true
  fi
  if [ -n "$project" ] && [ -s "$work/compose.log" ]; then
    printf -- '--- last lines of podman-compose ---\n' >&2
    tail -n 30 "$work/compose.log" >&2
    for c in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
      printf -- '--- %s: %s ---\n' "$c" "$(podman inspect -f '{{.State.Status}} exit {{.State.ExitCode}}' "$c")" >&2
      podman logs --tail 20 "$c" >&2 || true
    done
  fi
  printf 'container: %d passed, 1 failed\n' "$passed" >&2
  exit 1
}

ok() {
  passed=$((passed + 1))
  log "ok: $*"
}

cleanup() {
  local status=$?
  set +e
  for c in "${containers[@]}"; do podman rm -f -t 0 "$c" >/dev/null 2>&1; done
  if [ -n "$project" ]; then
    compose down -v -t 0
    for c in $(podman ps -aq --filter "label=io.podman.compose.project=$project"); do podman rm -f -t 0 "$c"; done >/dev/null 2>&1
    for v in $(podman volume ls -q --filter "label=io.podman.compose.project=$project"); do podman volume rm -f "$v"; done >/dev/null 2>&1
    podman network rm -f "${project}_default" >/dev/null 2>&1
  fi
  for v in "${volumes[@]}"; do podman volume rm -f "$v" >/dev/null 2>&1; done
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for tool in podman runc debootstrap podman-compose curl; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y podman runc debootstrap podman-compose curl)"
done

# ---- checks against a running Kassa at $1 (base URL)

# Waits until readiness answers 200 and prints the milliseconds since $2 (a now_ms).
wait_ready() {
  local url="$1" since="$2" deadline=$((SECONDS + 90))
  while [ $SECONDS -lt $deadline ]; do
    if curl -fsS -o /dev/null --max-time 2 "$url/api/health/ready" 2>/dev/null; then
      echo $(($(now_ms) - since))
      return 0
    fi
    if [ "$(podman inspect -f '{{.State.Running}}' "$current" 2>/dev/null)" = false ] &&
      [ "$(podman inspect -f '{{.State.Restarting}}' "$current" 2>/dev/null)" != true ]; then
      fail "$current stopped before it was ready"
    fi
    sleep 0.1
  done
  fail "$url/api/health/ready did not answer 200 within 90 s"
}

check_health() {
  local body
  body="$(curl -fsS --max-time 5 "$1/api/health")" || fail "GET /api/health failed"
  [[ "$body" == *'"status":"ok"'* ]] || fail "GET /api/health answered $body"
  ok "/api/health: $body"
}

check_index() {
  local body
  body="$(curl -fsS --max-time 5 "$1/")" || fail "GET / failed"
  [[ "$body" == *'<div id="root">'* ]] || fail "GET / is not the web app: ${body:0:200}"
  ok "/ serves the web app"
}

# Logs in as a browser does (CSRF cookie echoed in the header) and prints the token.
login() {
  local url="$1" email="$2" password="$3" jar="$work/cookies" xsrf body
  rm -f "$jar"
  curl -fsS -o /dev/null -c "$jar" --max-time 5 "$url/api/health" || fail "GET /api/health failed"
  xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")"
  [ -n "$xsrf" ] || fail "no XSRF-TOKEN cookie"
  body="$(curl -sS -b "$jar" --max-time 10 -H 'content-type: application/json' -H "x-xsrf-token: $xsrf" \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" -w '\n%{http_code}' "$url/api/auth/login")" ||
    fail "POST /api/auth/login failed"
  [ "${body##*$'\n'}" = 200 ] || fail "login of $email answered ${body//$'\n'/ }"
  node -e 'const t = JSON.parse(process.argv[1]).token; if (!t) process.exit(1); console.log(t)' "${body%$'\n'*}" ||
    fail "login of $email gave no token: $body"
}

check_token() {
  local code
  code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 -H "authorization: Bearer $2" "$1/api/pocket/getall")"
  [ "$code" = 200 ] || fail "GET /api/pocket/getall with $3 answered $code"
  ok "GET /api/pocket/getall with $3: 200"
}

create_user() {
  podman exec "$1" kassa-cli user:create --email "$2" --password "$3" --first-name Container \
    --main-currency EUR >"$work/cli.log" 2>&1 || fail "kassa-cli user:create failed: $(cat "$work/cli.log")"
  ok "kassa-cli user:create $2 inside $1"
}

check_container() {
  local c="$1" uid pid1
  uid="$(podman exec "$c" id -u)"
  [ "$uid" = 10001 ] || fail "$c runs as uid $uid, not kassa (10001)"
  pid1="$(podman exec "$c" cat /proc/1/comm)"
  [ "$pid1" = tini ] || fail "PID 1 of $c is $pid1, not tini"
  ok "$c runs as kassa (uid 10001) under tini"
  podman healthcheck run "$c" >/dev/null 2>&1 || fail "the image's HEALTHCHECK fails in $c"
  ok "HEALTHCHECK passes in $c"
}

# Stops with SIGTERM as docker stop does; Kassa must exit 0 well before the 30 s kill.
stop_cleanly() {
  local c="$1" started code
  started=$(now_ms)
  # (podman here logs that no systemd timer of the healthcheck was there to remove: podman.log)
  podman stop -t 30 "$c" >/dev/null 2>>"$work/podman.log" || fail "podman stop $c failed: $(tail -n 5 "$work/podman.log")"
  code="$(podman inspect -f '{{.State.ExitCode}}' "$c")"
  [ "$code" = 0 ] || fail "$c exited with $code after SIGTERM"
  [[ "$(podman logs "$c" 2>&1)" == *'"msg":"shutting down"'* ]] || fail "$c did not log its shutdown"
  ok "SIGTERM: $c exited 0 in $(($(now_ms) - started)) ms"
}

# ---- 1. base images
started=$SECONDS
bash "$here/base.sh" || fail "building the local base images failed"
base_seconds=$((SECONDS - started))
log "base images ready in ${base_seconds} s"

# ---- 2. the image
started=$SECONDS
previous="$(podman image inspect -f '{{.Id}}' "$image" 2>/dev/null || true)"
if ! podman build --format docker --build-arg "BASE_IMAGE=$node_image" --iidfile "$work/iid" -t "$image" . \
  >"$work/build.log" 2>&1; then
  tail -n 60 "$work/build.log" >&2
  fail "podman build failed"
fi
# The iidfile says "sha256:<id>", inspect's .Id the bare id: compare them bare, or an unchanged
# build (same id) would look new and the image just built would be removed as the previous one.
image_id="$(cat "$work/iid")"
image_id="${image_id#sha256:}"
previous="${previous#sha256:}"
if [ -n "$previous" ] && [ "$previous" != "$image_id" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
build_seconds=$((SECONDS - started))
# Each build whose sources changed leaves untagged stage images behind; on a machine that is kept
# those unused for two days go (the cached layers of current builds are younger or still used).
podman image prune -f --filter until=48h >/dev/null 2>&1 || true
image_mb=$(($(podman image inspect -f '{{.Size}}' "$image_id") / 1000000))
base_mb=$(($(podman image inspect -f '{{.Size}}' "$node_image") / 1000000))
ok "image built in ${build_seconds} s: ${image_mb} MB (${base_mb} MB of it the Node base)"
env_json="$(podman image inspect -f '{{json .Config.Env}}' "$image_id")"
if grep -Eq 'JWT_SECRET|PASSWORD|SMTP_URL' <<<"$env_json"; then fail "the image's environment holds a secret: $env_json"; fi
ok "no secret in the image's environment"
if $build_only; then
  log "built (--build-only): base ${base_seconds} s, image ${build_seconds} s"
  exit 0
fi

# ---- 3. podman run, SQLite on a volume
volume="$run_id-data"
volumes+=("$volume")
podman volume create "$volume" >/dev/null
first="$run_id-sqlite"
containers+=("$first")
current="$first"
t0=$(now_ms)
podman run -d --name "$first" -p 127.0.0.1::8080 -v "$volume:/data" "$image_id" >/dev/null 2>"$work/run.log" ||
  fail "podman run failed: $(cat "$work/run.log")"
url="http://$(podman port "$first" 8080/tcp | head -n 1)"
ready_ms=$(wait_ready "$url" "$t0")
ok "SQLite: ready ${ready_ms} ms after podman run ($url)"
check_health "$url"
check_index "$url"
check_container "$first"
email="container-$run_id@example.com"
password="pw-$run_id-long-enough"
create_user "$first" "$email" "$password"
token="$(login "$url" "$email" "$password")"
ok "login of the CLI-made user"
check_token "$url" "$token" "its token"
stop_cleanly "$first"
podman rm "$first" >/dev/null 2>>"$work/podman.log"

second="$run_id-sqlite-again"
containers+=("$second")
current="$second"
t0=$(now_ms)
podman run -d --name "$second" -p 127.0.0.1::8080 -v "$volume:/data" "$image_id" >/dev/null 2>"$work/run.log" ||
  fail "podman run failed: $(cat "$work/run.log")"
url="http://$(podman port "$second" 8080/tcp | head -n 1)"
again_ms=$(wait_ready "$url" "$t0")
ok "SQLite: a new container on the same volume ready in ${again_ms} ms"
login "$url" "$email" "$password" >/dev/null
ok "the user survived: login in the new container"
check_token "$url" "$token" "the token of the first container (JWT secret kept in the volume)"
stop_cleanly "$second"
sqlite_seconds=$((SECONDS - started - build_seconds))

# ---- 4. compose.yaml, postgres profile
started=$SECONDS
compose_port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
project="$run_id"
url="http://127.0.0.1:$compose_port"
kassa_c="${project}_kassa-postgres_1"
postgres_c="${project}_postgres_1"

# podman-compose 1.0.3 knows neither profiles (services are named instead) nor depends_on's
# conditions: PostgreSQL is waited for here, as docker compose waits for service_healthy.
up_postgres_profile() {
  compose up -d postgres redis || fail "podman-compose up postgres redis failed"
  current="$postgres_c"
  local deadline=$((SECONDS + 60))
  until podman healthcheck run "$postgres_c" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || fail "PostgreSQL's healthcheck did not pass within 60 s"
    sleep 0.5
  done
  current="$kassa_c"
  t0=$(now_ms)
  compose up -d kassa-postgres || fail "podman-compose up kassa-postgres failed"
}

up_postgres_profile
ready_ms_pg=$(wait_ready "$url" "$t0")
ok "PostgreSQL profile: ready ${ready_ms_pg} ms after up"
[[ "$(podman logs "$kassa_c" 2>&1)" == *'"database":"postgres","msg":"Kassa is ready"'* ]] ||
  fail "Kassa of the postgres profile is not on PostgreSQL"
ok "Kassa runs on PostgreSQL"
check_health "$url"
check_index "$url"
check_container "$kassa_c"
create_user "$kassa_c" "$email" "$password"
token="$(login "$url" "$email" "$password")"
ok "login of the CLI-made user (limits counted in Redis)"
check_token "$url" "$token" "its token"
users="$(podman exec "$postgres_c" psql -U kassa -d kassa -tAc "select count(*) from users where email = '$email'")"
[ "$users" = 1 ] || fail "the user is not in PostgreSQL ($users rows)"
ok "the user's row is in PostgreSQL"
stop_cleanly "$kassa_c"
compose down -t 10 || fail "podman-compose down failed"
[ -z "$(podman ps -aq --filter "label=io.podman.compose.project=$project")" ] || fail "down left containers"

up_postgres_profile
again_ms_pg=$(wait_ready "$url" "$t0")
ok "PostgreSQL profile: up again, ready in ${again_ms_pg} ms"
login "$url" "$email" "$password" >/dev/null
ok "the user survived down and up: login"
check_token "$url" "$token" "the token from before (JWT secret kept in the volume)"
postgres_seconds=$((SECONDS - started))

log "image ${image_mb} MB; base ${base_seconds} s, build ${build_seconds} s, SQLite ${sqlite_seconds} s, PostgreSQL profile ${postgres_seconds} s"
log "start to ready: SQLite ${ready_ms} ms (again ${again_ms} ms), PostgreSQL profile ${ready_ms_pg} ms (again ${again_ms_pg} ms)"
log "total ${SECONDS} s"
printf 'container: %d passed, 0 failed\n' "$passed"
