#!/bin/sh
# Starts a private RabbitMQ node on loopback for manual conformance runs:
#   eval "$(scripts/rabbitmq/start.sh)" && npm run test:conformance && scripts/rabbitmq/stop.sh
set -e
cd "$(dirname "$0")/../.."
exec npx tsx tests/conformance/broker/cli.ts start
