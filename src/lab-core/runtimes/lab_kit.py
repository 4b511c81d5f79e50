#!/usr/bin/env python3
# The Python (pika) lab kit's runtime: everything a kit does but the scenario itself.
# src/lab-core/kit-python.ts writes a kit as its header, the `kit:imports` part, PLAN, the
# `kit:runtime` part (both embedded by `npm run kits:embed`), then the scenario's steps and the call
# of main. The stubs make this file a program that `python3 -m py_compile` accepts
# (tests/unit/labkit-runtimes.test.ts); they are never part of a kit.
# kit:imports
import base64
import datetime
import json
import os
import random
import signal
import string
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from decimal import Decimal

import pika
import pika.exceptions
# kit:stub
PLAN = {"format": "", "version": 0, "scenario": "00000000", "vhosts": [], "queues": [], "declared": []}
# kit:runtime

env = os.environ
AMQP_URL = env.get("RABBITMQ_URL", "amqp://localhost")
API_URL = urllib.parse.urlsplit(env.get("RABBITMQ_MANAGEMENT_URL", "http://localhost:15672"))
MODE = env.get("LAB_MODE", "auto")
KEEP = env.get("LAB_KEEP") == "1"
RUN = env.get("LAB_NAME") or "lab-%s-%s" % (
    PLAN["scenario"][:8], "".join(random.choice(string.ascii_lowercase + string.digits) for _ in range(6)))


STEP_TIMEOUT_S = 20


def on_alarm(_signum, _frame):
    raise TimeoutError("step timed out after %d s" % STEP_TIMEOUT_S)


if hasattr(signal, "SIGALRM"):
    signal.signal(signal.SIGALRM, on_alarm)
else:  # Windows has no SIGALRM: no step timeout there
    signal.alarm = lambda _seconds: None


def log(line):
    sys.stderr.write("[lab] %s\n" % line)


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def timestamp(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)


obs = {
    "format": PLAN["format"], "version": PLAN["version"], "kit": "python", "scenario": PLAN["scenario"],
    "broker": {"product": "RabbitMQ", "version": "unknown"}, "observed_at": now(),
    "isolation": {"mode": "vhost", "name": RUN}, "queues": {}, "returns": [], "errors": [], "steps": [],
}

nacks = []

# ---- management HTTP API (scratch vhosts, permissions, the bindings seen at the end)
_amqp = urllib.parse.urlsplit(AMQP_URL)
AMQP_USER = urllib.parse.unquote(_amqp.username or "guest")
AMQP_PASS = urllib.parse.unquote(_amqp.password or ("" if _amqp.username else "guest"))
API_USER = urllib.parse.unquote(API_URL.username) if API_URL.username else AMQP_USER
API_PASS = urllib.parse.unquote(API_URL.password or "") if API_URL.username else AMQP_PASS
API_BASE = "%s://%s:%s%s/api" % (API_URL.scheme, API_URL.hostname, API_URL.port or 80, API_URL.path.rstrip("/"))
api_works = False


def enc(s):
    return urllib.parse.quote(s, safe="")


def api_answer(method, path, body=None):
    """Any answer of the API: (status, text)."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(API_BASE + path, data=data, method=method)
    req.add_header("authorization", "Basic " + base64.b64encode(("%s:%s" % (API_USER, API_PASS)).encode()).decode())
    req.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, res.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def api(method, path, body=None):
    status, text = api_answer(method, path, body)
    if status < 200 or status > 299:
        raise RuntimeError("%s %s: HTTP %s %s" % (method, path, status, text))
    return json.loads(text) if text else None


# ---- isolation: one scratch vhost per scenario vhost, or a name prefix inside an existing vhost
targets = []  # per scenario vhost index: {"vhost": ..., "prefix": ...}
created_vhosts = []


def isolate():
    global api_works
    if MODE != "prefix":
        try:
            for i in range(len(PLAN["vhosts"])):
                name = RUN if i == 0 else "%s-%d" % (RUN, i)
                api("PUT", "/vhosts/" + enc(name), {})
                created_vhosts.append(name)
                for user in {API_USER, AMQP_USER}:
                    api("PUT", "/permissions/%s/%s" % (enc(name), enc(user)),
                        {"configure": ".*", "write": ".*", "read": ".*"})
                targets.append({"vhost": name, "prefix": ""})
            api_works = True
            return
        except Exception as e:
            if MODE == "vhost":
                raise
            log("no scratch vhost (%s); using a name prefix instead" % str(e).split("\n")[0])
            for name in created_vhosts:
                try:
                    api("DELETE", "/vhosts/" + enc(name))
                except Exception:
                    pass
            del created_vhosts[:]
            del targets[:]
    path = _amqp.path[1:]
    vhost = env.get("LAB_VHOST") or (urllib.parse.unquote(path) if path else "/")
    for i in range(len(PLAN["vhosts"])):
        targets.append({"vhost": vhost, "prefix": RUN + ("-%d" % i if i else "") + "."})
    obs["isolation"] = {"mode": "prefix", "name": RUN + "."}
    try:
        api("GET", "/vhosts/" + enc(vhost))
        api_works = True
    except Exception:
        api_works = False


def N(v, name):
    """A scenario name as the broker sees it (built-in amq.* and "" are never prefixed)."""
    p = targets[v]["prefix"]
    return p + name if p and name != "" and not name.startswith("amq.") else name


def un_n(v, name):
    p = targets[v]["prefix"]
    return name[len(p):] if p and name.startswith(p) else name


def scenario_text(v, text):
    t = text.replace("vhost '%s'" % targets[v]["vhost"], "vhost '%s'" % PLAN["vhosts"][v])
    if targets[v]["prefix"]:
        t = t.replace("'" + targets[v]["prefix"], "'")
    return t


def queue_key(v, q):
    return q if PLAN["vhosts"][v] == "/" else PLAN["vhosts"][v] + "/" + q


def text_of(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


# ---- one connection + confirm channel per vhost, reopened after a refusal as a client would
class Session:
    def __init__(self, v):
        self.v = v
        self.conn = None
        self.ch = None

    def channel(self):
        if self.conn is None or not self.conn.is_open:
            params = pika.URLParameters(AMQP_URL)
            params.virtual_host = targets[self.v]["vhost"]
            self.conn = pika.BlockingConnection(params)
            props = self.conn._impl.server_properties or {}
            obs["broker"] = {"product": text_of(props.get("product", "RabbitMQ")),
                             "version": text_of(props.get("version", "unknown"))}
            self.ch = None
        if self.ch is None or not self.ch.is_open:
            self.ch = self.conn.channel()
            self.ch.confirm_delivery()
        return self.ch

    def run(self, fn):
        """Runs one step: None when it worked, "nack" when its publish was nacked, else (code, text); a refusal is never raised."""
        ch = self.channel()
        try:
            signal.alarm(STEP_TIMEOUT_S)  # a step that takes longer fails the kit instead of hanging
            fn(ch)
            return None
        except pika.exceptions.NackError:  # a full queue refused it (x-overflow reject-publish)
            return "nack"  # pika names the message only when it was also returned: the step knows it
        except pika.exceptions.UnroutableError as e:
            for m in e.messages:
                obs["returns"].append({"id": m.properties.message_id or text_of(m.body),
                                       "reply_code": m.method.reply_code, "reply_text": m.method.reply_text})
            return None
        except (pika.exceptions.ChannelClosedByBroker, pika.exceptions.ConnectionClosedByBroker) as e:
            return (e.reply_code, e.reply_text)
        except pika.exceptions.AMQPError as e:
            return (0, "%s: %s" % (type(e).__name__, e))
        except (ValueError, TypeError, OverflowError) as e:  # pika refused to encode
            self.ch = None
            return (0, "%s: %s" % (type(e).__name__, e))
        finally:
            signal.alarm(0)

    def close(self):
        if self.conn is not None and self.conn.is_open:
            signal.alarm(5)  # after a timed-out step the close could wait forever too
            try:
                self.conn.close()
            except Exception:
                pass
            finally:
                signal.alarm(0)


sessions = {}


def session(v):
    if v not in sessions:
        sessions[v] = Session(v)
    return sessions[v]


def step(v, id, stage, fn):
    """Runs one step and records its refusal; True when the broker took it."""
    obs["steps"].append({"id": id, "at": now()})
    out = session(v).run(fn)
    if out == "nack":
        nacks.append({"id": id, "queues": []})
    elif out is not None:
        code, text = out
        obs["errors"].append({"id": id, "stage": stage, "code": code,
                              "text": text if code == 0 else scenario_text(v, text)})
        return False
    return True


# ---- queue types, as this kit declared them: a stream refuses basic.get (540, a connection error)
# and so does a quorum queue with single active consumer (405), so the drain reads those with a
# consumer. A queue's type is the one of its last declaration the broker took (a redeclare is
# only taken with the same x-queue-type and single-active-consumer setting).
consumer_read = {}  # (vhost index, queue name) -> "stream" | "quorum"


def queue_name(name):
    return name.replace("\r", "").replace("\n", "")  # the broker drops CR and LF, as PLAN["queues"] does


def note_queue_type(v, name, args):
    a = args or {}
    kind = a.get("x-queue-type")
    if kind == "stream" or (kind == "quorum" and a.get("x-single-active-consumer") is True):
        consumer_read[(v, queue_name(name))] = kind
    else:
        consumer_read.pop((v, queue_name(name)), None)


# ---- the steps a scenario is made of
def map_args(v, args):
    if not args or not isinstance(args.get("alternate-exchange"), str):
        return args
    return dict(args, **{"alternate-exchange": N(v, args["alternate-exchange"])})


def declare_exchange(v, id, name, type, passive=False, durable=True, auto_delete=False, internal=False,
                     arguments=None):
    step(v, id, "declare", lambda ch: ch.exchange_declare(
        exchange=N(v, name), exchange_type=type, passive=passive, durable=durable, auto_delete=auto_delete,
        internal=internal, arguments=map_args(v, arguments)))


def map_queue_args(v, args):
    """Prefix mode: a dead-letter exchange is a name too (and so is its key, beside the default exchange)."""
    if not args or not targets[v]["prefix"] or not isinstance(args.get("x-dead-letter-exchange"), str):
        return args
    out = dict(args, **{"x-dead-letter-exchange": N(v, args["x-dead-letter-exchange"])})
    if args["x-dead-letter-exchange"] == "" and isinstance(args.get("x-dead-letter-routing-key"), str):
        out["x-dead-letter-routing-key"] = N(v, args["x-dead-letter-routing-key"])
    return out


def declare_queue(v, id, name, passive=False, durable=True, exclusive=False, auto_delete=False, arguments=None):
    ok = step(v, id, "declare", lambda ch: ch.queue_declare(
        queue=N(v, name), passive=passive, durable=durable, exclusive=exclusive, auto_delete=auto_delete,
        arguments=map_queue_args(v, arguments)))
    if ok and not passive:
        note_queue_type(v, name, arguments)


def bind(v, id, source, type, dest, key, args):
    if type == "exchange":
        step(v, id, "bind", lambda ch: ch.exchange_bind(N(v, dest), N(v, source), key, args))
    else:
        step(v, id, "bind", lambda ch: ch.queue_bind(N(v, dest), N(v, source), key, args))


def unbind(v, id, source, type, dest, key, args):
    if type == "exchange":
        step(v, id, "unbind", lambda ch: ch.exchange_unbind(N(v, dest), N(v, source), key, args))
    else:
        step(v, id, "unbind", lambda ch: ch.queue_unbind(N(v, dest), N(v, source), key, args))


def delete_exchange(v, id, name, if_unused=False):
    step(v, id, "delete", lambda ch: ch.exchange_delete(N(v, name), if_unused=if_unused))


def delete_queue(v, id, name):
    if step(v, id, "delete", lambda ch: ch.queue_delete(N(v, name))):
        consumer_read.pop((v, queue_name(name)), None)


# ---- policies: through the management API; the broker applies one asynchronously, so the kit waits
# until the API lists it on every queue and exchange the playground says it now governs
POLICY_WAIT_S = 5
created_policies = []  # prefix mode: (vhost index, broker name), deleted at the end
NO_API = "policies are set through the management API, which cannot be reached"


def re_escape(s):
    return "".join(c if c.isascii() and c.isalnum() else "\\" + c for c in s)


def api_reason(text):
    try:
        r = json.loads(text).get("reason", text)
    except Exception:
        r = text
    # The API escapes HTML in its reasons (<<"foo">> arrives as &lt;&lt;"foo"&gt;&gt;).
    return str(r).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def policy_definition(v, d):
    if not targets[v]["prefix"] or not isinstance(d, dict):
        return d
    out = dict(d)
    for k in ("alternate-exchange", "dead-letter-exchange"):
        if isinstance(d.get(k), str):
            out[k] = N(v, d[k])
    if d.get("dead-letter-exchange") == "" and isinstance(d.get("dead-letter-routing-key"), str):
        out["dead-letter-routing-key"] = N(v, d["dead-letter-routing-key"])
    return out


def await_policies(v, waits):
    p = targets[v]["prefix"]
    # Built-in exchanges are never prefixed, and a prefixed policy never reaches them.
    want = [(kind, N(v, name), p + policy if policy else "") for kind, name, policy in waits
            if not p or N(v, name) != name]
    if not want:
        return
    deadline = time.time() + POLICY_WAIT_S
    while True:
        seen = {}
        for kind in {w[0] for w in want}:
            for r in api("GET", "/%ss/%s?disable_stats=true&columns=name,policy" % (kind, enc(targets[v]["vhost"]))):
                seen[(kind, r["name"])] = r.get("policy") or ""
        late = [w for w in want if (w[0], w[1]) in seen and seen[(w[0], w[1])] != w[2]]
        if not late:
            return
        if time.time() > deadline:
            log("policy not in effect after %d s on %s" % (POLICY_WAIT_S, ", ".join("%s %s" % w[:2] for w in late)))
            return
        time.sleep(0.02)


def set_policy(v, id, name, body, prefixed, waits):
    """The body is the one for a scratch vhost; prefix mode rewrites the pattern (parts joined by the prefix) and names."""
    obs["steps"].append({"id": id, "at": now()})
    if not api_works:
        obs["errors"].append({"id": id, "stage": "policy", "code": 0, "text": NO_API})
        return
    p = targets[v]["prefix"]
    sent = body
    if p:
        sent = dict(body, pattern=re_escape(p).join(prefixed) if prefixed else body["pattern"],
                    definition=policy_definition(v, body["definition"]))
    path = "/policies/%s/%s" % (enc(targets[v]["vhost"]), enc(p + name))
    status, text = api_answer("PUT", path, sent)
    if status == 400:
        obs["errors"].append({"id": id, "stage": "policy", "code": 400, "text": api_reason(text)})
        return
    if status < 200 or status > 299:
        raise RuntimeError("PUT %s: HTTP %s %s" % (path, status, text))
    if p and prefixed is None:
        # Expected to be refused, so sent as written: it would reach the whole shared vhost.
        log("policy %s: the broker took a pattern the playground expected it to refuse; deleted at once" % name)
        api_answer("DELETE", path)
        return
    if p and (v, p + name) not in created_policies:
        created_policies.append((v, p + name))
    await_policies(v, waits)


def clear_policy(v, id, name, waits):
    obs["steps"].append({"id": id, "at": now()})
    if not api_works:
        obs["errors"].append({"id": id, "stage": "policy", "code": 0, "text": NO_API})
        return
    status, text = api_answer("DELETE", "/policies/%s/%s" % (enc(targets[v]["vhost"]), enc(targets[v]["prefix"] + name)))
    if status == 404:
        return  # clearing what is not there is no error
    if status < 200 or status > 299:
        obs["errors"].append({"id": id, "stage": "policy", "code": status, "text": api_reason(text)})
        return
    await_policies(v, waits)


def publish(v, id, exchange, key, mandatory=False, body=None, headers=None, properties=None):
    """Every message carries its id as message_id; its body is the scenario's (else the id); the confirm is awaited."""
    headers = dict(headers or {})
    rk = key
    if exchange == "" and targets[v]["prefix"]:
        rk = N(v, key)  # the default exchange routes by queue name
        for h in ("CC", "BCC"):
            if isinstance(headers.get(h), list):
                headers[h] = [N(v, k) if isinstance(k, str) else k for k in headers[h]]
    props = dict(properties or {})
    if "timestamp" in props:
        props["timestamp"] = int(props["timestamp"])
    basic = pika.BasicProperties(message_id=id, headers=headers, **props)
    step(v, id, "publish", lambda ch: ch.basic_publish(N(v, exchange), rk, (id if body is None else body).encode("utf-8"), basic,
                                                      mandatory=mandatory))


# ---- after the steps: drain every queue, read the bindings, clean up
READ_IDLE_S = 0.3  # a consumer's read ends when no message came for this long
STREAM_START_S = 0.6  # and a stream's not sooner: its reader takes a moment to start


def id_of(props, body):
    return props.message_id or body.decode("utf-8", "replace")


def read_by_consumer(s, queue, stream):
    """A stream (from its first offset) or a quorum queue with single active consumer: a consumer with a prefetch and manual acks, as both require."""
    ids = []
    last = [time.time()]

    def on_message(ch, method, props, body):
        ids.append(id_of(props, body))
        last[0] = time.time()
        ch.basic_ack(delivery_tag=method.delivery_tag)

    def read(ch):
        ch.basic_qos(prefetch_count=1000)
        start = last[0] = time.time()
        tag = ch.basic_consume(queue, on_message, auto_ack=False,
                               arguments={"x-stream-offset": "first"} if stream else None)
        least = STREAM_START_S if stream else READ_IDLE_S
        while time.time() - last[0] < READ_IDLE_S or time.time() - start < least:
            ch.connection.process_data_events(time_limit=0.02)
        ch.basic_cancel(tag)  # every delivery was handled: none left for pika to reject (a stream would refuse that)

    out = s.run(read)
    if out is not None:
        log("reading %s with a consumer was refused: %s" % (queue, out))
    return ids


def read_by_get(s, queue):
    ids = []
    while True:
        method, props, body = s.channel().basic_get(queue, auto_ack=True)
        if method is None:
            return ids
        ids.append(id_of(props, body))


def drain():
    for v in range(len(PLAN["vhosts"])):
        for q in PLAN["queues"][v]:
            s = session(v)
            if s.run(lambda ch: ch.queue_declare(queue=N(v, q), passive=True)) is not None:
                continue  # it does not exist
            kind = consumer_read.get((v, q))
            obs["queues"][queue_key(v, q)] = (read_by_consumer(s, N(v, q), kind == "stream") if kind
                                              else read_by_get(s, N(v, q)))


def read_bindings():
    if not api_works:
        return
    out = []
    for v in range(len(PLAN["vhosts"])):
        p = targets[v]["prefix"]
        for b in api("GET", "/bindings/" + enc(targets[v]["vhost"])):
            if b["source"] == "":
                continue  # the default exchange's implicit bindings
            if p and not b["source"].startswith(p) and not b["destination"].startswith(p):
                continue
            out.append({"vhost": PLAN["vhosts"][v], "source": un_n(v, b["source"]),
                        "destination": un_n(v, b["destination"]), "destination_type": b["destination_type"],
                        "routing_key": b["routing_key"]})
    obs["bindings"] = out


def cleanup():
    if KEEP:
        log("kept: %s%s" % ("vhost " if obs["isolation"]["mode"] == "vhost" else "names starting with ",
                            obs["isolation"]["name"]))
    elif obs["isolation"]["mode"] == "prefix":
        for v, kind, name in PLAN["declared"]:
            if N(v, name) == name:
                continue  # built-in: not ours to delete
            if kind == "queue":
                session(v).run(lambda ch: ch.queue_delete(N(v, name)))
            else:
                session(v).run(lambda ch: ch.exchange_delete(N(v, name)))
        for v, name in created_policies:
            try:
                api_answer("DELETE", "/policies/%s/%s" % (enc(targets[v]["vhost"]), enc(name)))
            except Exception as e:
                log(str(e))
    for s in sessions.values():
        s.close()
    if not KEEP:
        for name in created_vhosts:
            try:
                api("DELETE", "/vhosts/" + enc(name))
            except Exception as e:
                log(str(e))


def main(scenario):
    isolate()
    try:
        scenario()
        drain()
        read_bindings()
    finally:
        cleanup()
    if nacks:
        obs["nacks"] = nacks
    sys.stdout.write(json.dumps(obs, indent=2) + "\n")
# kit:end


def scenario():
    pass


if __name__ == "__main__":
    main(scenario)
