#!/bin/sh
# Stops the node started by start.sh and removes its data directory.
set -e
cd "$(dirname "$0")/../.."
exec npx tsx tests/conformance/broker/cli.ts stop
