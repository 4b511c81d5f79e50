#!/usr/bin/env bash
# Makes sure the Debian packages the tests need are present: chromium (e2e), rabbitmq-server
# (conformance against a real broker), and what the lab kits run with (tests/conformance/lab-kits):
# Python's pika, a JDK with the RabbitMQ Java client, curl and jq, and shellcheck (the HTTP kit's
# runtime). As root it installs what is missing with apt; otherwise it stops and names what to
# install. No test is skipped silently.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/rabbitmq-server ] || missing+=(rabbitmq-server)
[ -e /usr/lib/python3/dist-packages/pika/__init__.py ] || missing+=(python3-pika)
command -v javac >/dev/null || missing+=(default-jdk-headless)
[ -e /usr/share/java/amqp-client.jar ] || missing+=(librabbitmq-client-java)
[ -e /usr/share/java/slf4j-nop.jar ] || missing+=(libslf4j-java)
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
# The kit runtimes' own checks (tests/unit/labkit-runtimes.test.ts): the HTTP kit's bash.
command -v shellcheck >/dev/null || missing+=(shellcheck)
# Optional: a CJK font so zh-CN pages render as text, not boxes, in the screenshots the tests save.
font_missing=0
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || font_missing=1

if [ "$(id -u)" -ne 0 ]; then
  [ "$font_missing" -eq 1 ] && echo "note: zh-CN screenshots need a CJK font (apt-get install fonts-wqy-microhei)." >&2
  [ ${#missing[@]} -eq 0 ] && exit 0
  echo "The tests need these Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

[ "$font_missing" -eq 1 ] && missing+=(fonts-wqy-microhei)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} with apt (one-time, about a minute)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# policy-rc.d stops the package from starting a system-wide broker: the tests start their own.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created_policy=1
fi
apt-get install -y -qq "${missing[@]}" >/dev/null
[ "$created_policy" -eq 1 ] && rm -f "$policy"
# Debian starts epmd/rabbitmq on install on some images; the suite runs its own private node.
if command -v rabbitmqctl >/dev/null && pgrep -f 'beam.*rabbit' >/dev/null 2>&1; then
  echo "note: a system RabbitMQ is running; the conformance suite uses its own node on other ports."
fi
echo "Installed: ${missing[*]}"
