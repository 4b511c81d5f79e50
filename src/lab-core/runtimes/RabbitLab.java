// The Java (RabbitMQ Java client) lab kit's runtime: everything a kit does but the scenario itself.
// src/lab-core/kit-java.ts writes a kit as its header, the `kit:imports` part, the class with the
// plan's constants and scenario(), the `kit:runtime` part (both embedded by `npm run kits:embed`)
// and the closing brace. The stubs make this file a class that javac compiles
// (tests/unit/labkit-runtimes.test.ts); they are never part of a kit.
// kit:imports
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.GetResponse;
import com.rabbitmq.client.ReturnListener;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
// kit:stub
public class RabbitLab {
  static final String FORMAT = "";
  static final int VERSION = 0;
  static final String SCENARIO = "00000000";
  static final String[] VHOSTS = {};
  static final String[][] QUEUES = {};
  static final Object[][] DECLARED = {};

  static void scenario() throws Exception {}
// kit:runtime

  // ---- settings from the environment (no credentials in this file)
  static final Map<String, String> ENV = System.getenv();
  static final String AMQP_URL = ENV.getOrDefault("RABBITMQ_URL", "amqp://localhost");
  static final String API_URL = ENV.getOrDefault("RABBITMQ_MANAGEMENT_URL", "http://localhost:15672");
  static final String MODE = ENV.getOrDefault("LAB_MODE", "auto");
  static final boolean KEEP = "1".equals(ENV.get("LAB_KEEP"));
  static final String RUN = ENV.containsKey("LAB_NAME") ? ENV.get("LAB_NAME")
      : "lab-" + SCENARIO.substring(0, 8) + "-" + Long.toString(new Random().nextLong() & 0x7fffffffffL, 36);

  static void log(String line) {
    System.err.println("[lab] " + line);
  }

  // ---- the observation
  static String brokerProduct = "RabbitMQ", brokerVersion = "unknown", isolationMode = "vhost", isolationName = RUN;
  static final String observedAt = Instant.now().toString();
  static final Map<String, List<String>> queues = new LinkedHashMap<>();
  static final List<Map<String, Object>> returns = new ArrayList<>(), errors = new ArrayList<>(), steps = new ArrayList<>();
  /** Publishes a full queue refused (x-overflow reject-publish): the confirm is a nack. */
  static final List<Map<String, Object>> nacks = new ArrayList<>();
  static List<Map<String, Object>> bindings = null;

  // ---- management HTTP API (scratch vhosts, permissions, the bindings seen at the end)
  static String amqpUser = "guest", amqpPass = "guest", apiUser, apiPass, apiBase;
  static boolean apiWorks = false;

  static String dec(String s) throws Exception {
    return URLDecoder.decode(s.replace("+", "%2B"), "UTF-8");
  }

  static String enc(String s) throws Exception {
    return URLEncoder.encode(s, "UTF-8").replace("+", "%20");
  }

  static void readCredentials() throws Exception {
    String info = new URI(AMQP_URL).getRawUserInfo();
    if (info != null) {
      int c = info.indexOf(':');
      amqpUser = dec(c < 0 ? info : info.substring(0, c));
      amqpPass = c < 0 ? "" : dec(info.substring(c + 1));
    }
    URI api = new URI(API_URL);
    String apiInfo = api.getRawUserInfo();
    apiUser = amqpUser;
    apiPass = amqpPass;
    if (apiInfo != null) {
      int c = apiInfo.indexOf(':');
      apiUser = dec(c < 0 ? apiInfo : apiInfo.substring(0, c));
      apiPass = c < 0 ? "" : dec(apiInfo.substring(c + 1));
    }
    String path = api.getRawPath() == null ? "" : api.getRawPath().replaceAll("/+$", "");
    apiBase = api.getScheme() + "://" + api.getHost() + (api.getPort() < 0 ? "" : ":" + api.getPort()) + path + "/api";
  }

  static String api(String method, String path, String body) throws Exception {
    Object[] a = apiAnswer(method, path, body);
    int status = (Integer) a[0];
    if (status < 200 || status > 299) throw new IOException(method + " " + path + ": HTTP " + status + " " + a[1]);
    return (String) a[1];
  }

  /** Any answer of the API: {status, text}. */
  static Object[] apiAnswer(String method, String path, String body) throws Exception {
    HttpURLConnection c = (HttpURLConnection) new URL(apiBase + path).openConnection();
    c.setRequestMethod(method);
    c.setConnectTimeout(30000);
    c.setReadTimeout(30000);
    String auth = Base64.getEncoder().encodeToString((apiUser + ":" + apiPass).getBytes(StandardCharsets.UTF_8));
    c.setRequestProperty("authorization", "Basic " + auth);
    c.setRequestProperty("content-type", "application/json");
    if (body != null) {
      c.setDoOutput(true);
      try (OutputStream out = c.getOutputStream()) {
        out.write(body.getBytes(StandardCharsets.UTF_8));
      }
    }
    int status = c.getResponseCode();
    InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream();
    String text = in == null ? "" : new String(readAll(in), StandardCharsets.UTF_8);
    return new Object[] {status, text};
  }

  static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
    return out.toByteArray();
  }

  // ---- isolation: one scratch vhost per scenario vhost, or a name prefix inside an existing vhost
  static String[] vhostOf = new String[VHOSTS.length], prefixOf = new String[VHOSTS.length];
  static final List<String> createdVhosts = new ArrayList<>();

  static void isolate() throws Exception {
    if (!MODE.equals("prefix")) {
      try {
        for (int i = 0; i < VHOSTS.length; i++) {
          String name = i == 0 ? RUN : RUN + "-" + i;
          api("PUT", "/vhosts/" + enc(name), "{}");
          createdVhosts.add(name);
          for (String user : new LinkedHashSet<>(Arrays.asList(apiUser, amqpUser)))
            api("PUT", "/permissions/" + enc(name) + "/" + enc(user), "{\"configure\":\".*\",\"write\":\".*\",\"read\":\".*\"}");
          vhostOf[i] = name;
          prefixOf[i] = "";
        }
        apiWorks = true;
        return;
      } catch (Exception e) {
        if (MODE.equals("vhost")) throw e;
        log("no scratch vhost (" + e.getMessage().split("\n")[0] + "); using a name prefix instead");
        for (String name : createdVhosts) {
          try {
            api("DELETE", "/vhosts/" + enc(name), null);
          } catch (Exception ignored) {
          }
        }
        createdVhosts.clear();
      }
    }
    String path = new URI(AMQP_URL).getRawPath();
    String vhost = ENV.containsKey("LAB_VHOST") ? ENV.get("LAB_VHOST")
        : path == null || path.length() <= 1 ? "/" : dec(path.substring(1));
    for (int i = 0; i < VHOSTS.length; i++) {
      vhostOf[i] = vhost;
      prefixOf[i] = RUN + (i == 0 ? "" : "-" + i) + ".";
    }
    isolationMode = "prefix";
    isolationName = RUN + ".";
    try {
      api("GET", "/vhosts/" + enc(vhost), null);
      apiWorks = true;
    } catch (Exception e) {
      apiWorks = false;
    }
  }

  /** A scenario name as the broker sees it (built-in amq.* and "" are never prefixed). */
  static String N(int v, String name) {
    String p = prefixOf[v];
    return !p.isEmpty() && !name.isEmpty() && !name.startsWith("amq.") ? p + name : name;
  }

  static String unN(int v, String name) {
    String p = prefixOf[v];
    return !p.isEmpty() && name.startsWith(p) ? name.substring(p.length()) : name;
  }

  static String scenarioText(int v, String text) {
    String t = text.replace("vhost '" + vhostOf[v] + "'", "vhost '" + VHOSTS[v] + "'");
    return prefixOf[v].isEmpty() ? t : t.replace("'" + prefixOf[v], "'");
  }

  // ---- one connection + confirm channel per vhost, reopened after a refusal as a client would
  interface Step {
    void run(Channel ch) throws Exception;
  }

  static final class Session {
    final int v;
    Connection conn;
    Channel ch;

    Session(int v) {
      this.v = v;
    }

    Channel channel() throws Exception {
      if (conn == null || !conn.isOpen()) {
        ConnectionFactory f = new ConnectionFactory();
        f.setUri(AMQP_URL);
        f.setVirtualHost(vhostOf[v]);
        f.setAutomaticRecoveryEnabled(false);
        f.setChannelRpcTimeout(20000); // a step that takes longer fails the kit instead of hanging
        conn = f.newConnection("lab-kit");
        Object product = conn.getServerProperties().get("product");
        Object version = conn.getServerProperties().get("version");
        if (product != null) brokerProduct = product.toString();
        if (version != null) brokerVersion = version.toString();
        ch = null;
      }
      if (ch == null || !ch.isOpen()) {
        ch = conn.createChannel();
        ch.confirmSelect();
        ch.addReturnListener(new ReturnListener() {
          public void handleReturn(int code, String text, String exchange, String key, AMQP.BasicProperties props, byte[] body) {
            String id = props.getMessageId() != null ? props.getMessageId() : new String(body, StandardCharsets.UTF_8);
            synchronized (returns) {
              returns.add(entry("id", id, "reply_code", code, "reply_text", text));
            }
          }
        });
      }
      return ch;
    }

    /** Runs one step: null when it worked, else {code, text}; a refusal is never thrown. */
    Object[] run(Step step) throws Exception {
      Channel c = channel();
      try {
        step.run(c);
        return null;
      } catch (IOException | ShutdownSignalException e) {
        ShutdownSignalException sse = e instanceof ShutdownSignalException ? (ShutdownSignalException) e
            : e.getCause() instanceof ShutdownSignalException ? (ShutdownSignalException) e.getCause() : null;
        if (sse == null) throw e;
        Object reason = sse.getReason();
        if (reason instanceof AMQP.Channel.Close)
          return new Object[] {((AMQP.Channel.Close) reason).getReplyCode(), ((AMQP.Channel.Close) reason).getReplyText()};
        if (reason instanceof AMQP.Connection.Close)
          return new Object[] {((AMQP.Connection.Close) reason).getReplyCode(), ((AMQP.Connection.Close) reason).getReplyText()};
        throw e;
      } catch (IllegalArgumentException e) {
        ch = null; // the client refused to encode; its pending call would block this channel
        return new Object[] {0, e.toString()};
      }
    }

    void close() {
      try {
        if (conn != null && conn.isOpen()) conn.close();
      } catch (Exception ignored) {
      }
    }
  }

  static final Map<Integer, Session> sessions = new LinkedHashMap<>();

  static Session session(int v) {
    return sessions.computeIfAbsent(v, Session::new);
  }

  /** Runs one step and records its refusal; true when the broker took it. */
  static boolean step(int v, String id, String stage, Step fn) throws Exception {
    steps.add(entry("id", id, "at", Instant.now().toString()));
    Object[] out = session(v).run(fn);
    if (out == null) return true;
    int code = (Integer) out[0];
    String text = code == 0 ? (String) out[1] : scenarioText(v, (String) out[1]);
    errors.add(entry("id", id, "stage", stage, "code", code, "text", text));
    return false;
  }

  // ---- queue types, as this kit declared them: a stream refuses basic.get (540, a connection error)
  // and so does a quorum queue with single active consumer (405), so the drain reads those with a
  // consumer. A queue's type is the one of its last declaration the broker took (a redeclare is
  // only taken with the same x-queue-type and single-active-consumer setting).
  static final Map<String, String> consumerRead = new LinkedHashMap<>(); // "v/name" -> "stream" | "quorum"

  /** The key of a queue: vhost index and name, CR and LF dropped as the broker (and QUEUES) does. */
  static String readKey(int v, String name) {
    return v + "/" + name.replace("\r", "").replace("\n", "");
  }

  static void noteQueueType(int v, String name, Map<String, Object> args) {
    Object type = args == null ? null : args.get("x-queue-type");
    boolean sac = args != null && Boolean.TRUE.equals(args.get("x-single-active-consumer"));
    if ("stream".equals(type) || ("quorum".equals(type) && sac)) consumerRead.put(readKey(v, name), (String) type);
    else consumerRead.remove(readKey(v, name));
  }

  // ---- the steps a scenario is made of
  static final class Opts {
    boolean passive, durable = true, exclusive, autoDelete, internal, mandatory;
    Map<String, Object> arguments, headers;
    String body;
    final Map<String, Object> properties = new LinkedHashMap<>();

    Opts passive(boolean b) { passive = b; return this; }
    Opts durable(boolean b) { durable = b; return this; }
    Opts exclusive(boolean b) { exclusive = b; return this; }
    Opts autoDelete(boolean b) { autoDelete = b; return this; }
    Opts internal(boolean b) { internal = b; return this; }
    Opts mandatory(boolean b) { mandatory = b; return this; }
    Opts body(String s) { body = s; return this; }
    Opts arguments(Map<String, Object> m) { arguments = m; return this; }
    Opts headers(Map<String, Object> m) { headers = m; return this; }
    Opts property(String k, Object value) { properties.put(k, value); return this; }
  }

  static Map<String, Object> table(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }

  static List<Object> array(Object... xs) {
    return new ArrayList<>(Arrays.asList(xs));
  }

  static Map<String, Object> mapArgs(int v, Map<String, Object> args) {
    if (args == null || !(args.get("alternate-exchange") instanceof String)) return args;
    Map<String, Object> m = new LinkedHashMap<>(args);
    m.put("alternate-exchange", N(v, (String) args.get("alternate-exchange")));
    return m;
  }

  static void declareExchange(int v, String id, String name, String type, Opts o) throws Exception {
    step(v, id, "declare", ch -> {
      if (o.passive) ch.exchangeDeclarePassive(N(v, name));
      else ch.exchangeDeclare(N(v, name), type, o.durable, o.autoDelete, o.internal, mapArgs(v, o.arguments));
    });
  }

  /** Prefix mode: a dead-letter exchange is a name too (and so is its key, beside the default exchange). */
  static Map<String, Object> mapQueueArgs(int v, Map<String, Object> args) {
    if (args == null || prefixOf[v].isEmpty() || !(args.get("x-dead-letter-exchange") instanceof String)) return args;
    Map<String, Object> m = new LinkedHashMap<>(args);
    String dlx = (String) args.get("x-dead-letter-exchange");
    m.put("x-dead-letter-exchange", N(v, dlx));
    if (dlx.isEmpty() && args.get("x-dead-letter-routing-key") instanceof String)
      m.put("x-dead-letter-routing-key", N(v, (String) args.get("x-dead-letter-routing-key")));
    return m;
  }

  static void declareQueue(int v, String id, String name, Opts o) throws Exception {
    boolean ok = step(v, id, "declare", ch -> {
      if (o.passive) ch.queueDeclarePassive(N(v, name));
      else ch.queueDeclare(N(v, name), o.durable, o.exclusive, o.autoDelete, mapQueueArgs(v, o.arguments));
    });
    if (ok && !o.passive) noteQueueType(v, name, o.arguments);
  }

  // ---- policies: through the management API; the broker applies one asynchronously, so the kit
  // waits until the API lists it on every queue and exchange the playground says it now governs
  static final int POLICY_WAIT_MS = 5000;
  static final List<Object[]> createdPolicies = new ArrayList<>(); // prefix mode: {vhost index, broker name}
  static final String NO_API = "policies are set through the management API, which cannot be reached";

  static String reEscape(String s) {
    StringBuilder b = new StringBuilder();
    s.codePoints().forEach(c -> {
      if (c < 128 && Character.isLetterOrDigit(c)) b.appendCodePoint(c);
      else b.append('\\').appendCodePoint(c);
    });
    return b.toString();
  }

  static String apiReason(String text) {
    String r = text;
    try {
      Object o = new Json(text).value();
      if (o instanceof Map && ((Map<?, ?>) o).get("reason") instanceof String) r = (String) ((Map<?, ?>) o).get("reason");
    } catch (RuntimeException ignored) {
    }
    // The API escapes HTML in its reasons (<<"foo">> arrives as &lt;&lt;"foo"&gt;&gt;).
    return r.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
  }

  static Object policyDefinition(int v, Object d) {
    if (prefixOf[v].isEmpty() || !(d instanceof Map)) return d;
    Map<String, Object> m = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : ((Map<?, ?>) d).entrySet()) m.put((String) e.getKey(), e.getValue());
    for (String k : new String[] {"alternate-exchange", "dead-letter-exchange"})
      if (m.get(k) instanceof String) m.put(k, N(v, (String) m.get(k)));
    if ("".equals(((Map<?, ?>) d).get("dead-letter-exchange")) && m.get("dead-letter-routing-key") instanceof String)
      m.put("dead-letter-routing-key", N(v, (String) m.get("dead-letter-routing-key")));
    return m;
  }

  static void awaitPolicies(int v, String[][] waits) throws Exception {
    String p = prefixOf[v];
    List<String[]> want = new ArrayList<>();
    // Built-in exchanges are never prefixed, and a prefixed policy never reaches them.
    for (String[] w : waits)
      if (p.isEmpty() || !N(v, w[1]).equals(w[1])) want.add(new String[] {w[0], N(v, w[1]), w[2].isEmpty() ? "" : p + w[2]});
    if (want.isEmpty()) return;
    long deadline = System.currentTimeMillis() + POLICY_WAIT_MS;
    for (;;) {
      Map<String, String> seen = new LinkedHashMap<>();
      for (String kind : new String[] {"queue", "exchange"}) {
        if (want.stream().noneMatch(w -> w[0].equals(kind))) continue;
        String rows = api("GET", "/" + kind + "s/" + enc(vhostOf[v]) + "?disable_stats=true&columns=name,policy", null);
        for (Object o : (List<?>) new Json(rows).value()) {
          Map<?, ?> r = (Map<?, ?>) o;
          Object pol = r.get("policy");
          seen.put(kind + ":" + r.get("name"), pol instanceof String ? (String) pol : "");
        }
      }
      List<String> late = new ArrayList<>();
      for (String[] w : want) {
        String got = seen.get(w[0] + ":" + w[1]);
        if (got != null && !got.equals(w[2])) late.add(w[0] + " " + w[1]);
      }
      if (late.isEmpty()) return;
      if (System.currentTimeMillis() > deadline) {
        log("policy not in effect after " + POLICY_WAIT_MS + " ms on " + String.join(", ", late));
        return;
      }
      Thread.sleep(20);
    }
  }

  /** The body is the one for a scratch vhost; prefix mode rewrites the pattern (parts joined by the prefix) and names. */
  static void setPolicy(int v, String id, String name, Map<String, Object> body, String[] prefixed, String[][] waits) throws Exception {
    steps.add(entry("id", id, "at", Instant.now().toString()));
    if (!apiWorks) {
      errors.add(entry("id", id, "stage", "policy", "code", 0, "text", NO_API));
      return;
    }
    String p = prefixOf[v];
    Map<String, Object> sent = new LinkedHashMap<>(body);
    if (!p.isEmpty()) {
      if (prefixed != null) sent.put("pattern", String.join(reEscape(p), prefixed));
      sent.put("definition", policyDefinition(v, body.get("definition")));
    }
    String path = "/policies/" + enc(vhostOf[v]) + "/" + enc(p + name);
    StringBuilder json = new StringBuilder();
    Json.write(sent, json, "");
    Object[] a = apiAnswer("PUT", path, json.toString());
    int status = (Integer) a[0];
    if (status == 400) {
      errors.add(entry("id", id, "stage", "policy", "code", 400, "text", apiReason((String) a[1])));
      return;
    }
    if (status < 200 || status > 299) throw new IOException("PUT " + path + ": HTTP " + status + " " + a[1]);
    if (!p.isEmpty() && prefixed == null) {
      // Expected to be refused, so sent as written: it would reach the whole shared vhost.
      log("policy " + name + ": the broker took a pattern the playground expected it to refuse; deleted at once");
      apiAnswer("DELETE", path, null);
      return;
    }
    if (!p.isEmpty()) createdPolicies.add(new Object[] {v, p + name});
    awaitPolicies(v, waits);
  }

  static void clearPolicy(int v, String id, String name, String[][] waits) throws Exception {
    steps.add(entry("id", id, "at", Instant.now().toString()));
    if (!apiWorks) {
      errors.add(entry("id", id, "stage", "policy", "code", 0, "text", NO_API));
      return;
    }
    Object[] a = apiAnswer("DELETE", "/policies/" + enc(vhostOf[v]) + "/" + enc(prefixOf[v] + name), null);
    int status = (Integer) a[0];
    if (status == 404) return; // clearing what is not there is no error
    if (status < 200 || status > 299) {
      errors.add(entry("id", id, "stage", "policy", "code", status, "text", apiReason((String) a[1])));
      return;
    }
    awaitPolicies(v, waits);
  }

  static void bind(int v, String id, String source, String type, String dest, String key, Map<String, Object> args) throws Exception {
    step(v, id, "bind", ch -> {
      if (type.equals("exchange")) ch.exchangeBind(N(v, dest), N(v, source), key, args);
      else ch.queueBind(N(v, dest), N(v, source), key, args);
    });
  }

  static void unbind(int v, String id, String source, String type, String dest, String key, Map<String, Object> args) throws Exception {
    step(v, id, "unbind", ch -> {
      if (type.equals("exchange")) ch.exchangeUnbind(N(v, dest), N(v, source), key, args);
      else ch.queueUnbind(N(v, dest), N(v, source), key, args);
    });
  }

  static void deleteExchange(int v, String id, String name, boolean ifUnused) throws Exception {
    step(v, id, "delete", ch -> ch.exchangeDelete(N(v, name), ifUnused));
  }

  static void deleteQueue(int v, String id, String name) throws Exception {
    if (step(v, id, "delete", ch -> ch.queueDelete(N(v, name)))) consumerRead.remove(readKey(v, name));
  }

  /** Every message carries its id as message_id; its body is the scenario's (else the id); the confirm is awaited. */
  static void publish(int v, String id, String exchange, String key, Opts o) throws Exception {
    Map<String, Object> headers = o.headers == null ? new LinkedHashMap<>() : new LinkedHashMap<>(o.headers);
    String rk = key;
    if (exchange.isEmpty() && !prefixOf[v].isEmpty()) {
      rk = N(v, key); // the default exchange routes by queue name
      for (String h : new String[] {"CC", "BCC"}) {
        if (!(headers.get(h) instanceof List)) continue;
        List<Object> mapped = new ArrayList<>();
        for (Object k : (List<?>) headers.get(h)) mapped.add(k instanceof String ? N(v, (String) k) : k);
        headers.put(h, mapped);
      }
    }
    Map<String, Object> p = o.properties;
    AMQP.BasicProperties.Builder b = new AMQP.BasicProperties.Builder().messageId(id).headers(headers);
    if (p.containsKey("content_type")) b.contentType((String) p.get("content_type"));
    if (p.containsKey("content_encoding")) b.contentEncoding((String) p.get("content_encoding"));
    if (p.containsKey("delivery_mode")) b.deliveryMode(((Long) p.get("delivery_mode")).intValue());
    if (p.containsKey("priority")) b.priority(((Long) p.get("priority")).intValue());
    if (p.containsKey("correlation_id")) b.correlationId((String) p.get("correlation_id"));
    if (p.containsKey("reply_to")) b.replyTo((String) p.get("reply_to"));
    if (p.containsKey("expiration")) b.expiration((String) p.get("expiration"));
    if (p.containsKey("timestamp")) b.timestamp(new Date((Long) p.get("timestamp") * 1000L));
    if (p.containsKey("type")) b.type((String) p.get("type"));
    if (p.containsKey("user_id")) b.userId((String) p.get("user_id"));
    if (p.containsKey("app_id")) b.appId((String) p.get("app_id"));
    AMQP.BasicProperties props = b.build();
    String routingKey = rk;
    step(v, id, "publish", ch -> {
      ch.basicPublish(N(v, exchange), routingKey, o.mandatory, props, (o.body != null ? o.body : id).getBytes(StandardCharsets.UTF_8));
      if (!ch.waitForConfirms(20000)) nacks.add(entry("id", id, "queues", new ArrayList<String>()));
    });
  }

  // ---- after the steps: drain every queue, read the bindings, clean up
  static final long READ_IDLE_MS = 300; // a consumer's read ends when no message came for this long
  static final long STREAM_START_MS = 600; // and a stream's not sooner: its reader takes a moment to start

  static String idOf(AMQP.BasicProperties props, byte[] body) {
    return props.getMessageId() != null ? props.getMessageId() : new String(body, StandardCharsets.UTF_8);
  }

  /** A stream (from its first offset) or a quorum queue with single active consumer: a consumer with a prefetch and manual acks, as both require. */
  static List<String> readByConsumer(Session s, String queue, boolean stream) throws Exception {
    List<String> ids = new ArrayList<>();
    AtomicLong last = new AtomicLong();
    Object[] out = s.run(ch -> {
      ch.basicQos(1000);
      long start = System.currentTimeMillis();
      last.set(start);
      String tag = ch.basicConsume(queue, false, stream ? table("x-stream-offset", "first") : null, new DefaultConsumer(ch) {
        @Override
        public void handleDelivery(String consumerTag, Envelope env, AMQP.BasicProperties props, byte[] body) throws IOException {
          synchronized (ids) {
            ids.add(idOf(props, body));
          }
          last.set(System.currentTimeMillis());
          getChannel().basicAck(env.getDeliveryTag(), false);
        }
      });
      long least = stream ? STREAM_START_MS : READ_IDLE_MS;
      while (System.currentTimeMillis() - last.get() < READ_IDLE_MS || System.currentTimeMillis() - start < least) Thread.sleep(20);
      ch.basicCancel(tag);
    });
    if (out != null) log("reading " + queue + " with a consumer was refused: " + out[0] + " " + out[1]);
    synchronized (ids) {
      return new ArrayList<>(ids);
    }
  }

  static List<String> readByGet(Session s, String queue) throws Exception {
    List<String> ids = new ArrayList<>();
    for (GetResponse r; (r = s.channel().basicGet(queue, true)) != null; ) ids.add(idOf(r.getProps(), r.getBody()));
    return ids;
  }

  static void drain() throws Exception {
    for (int v = 0; v < VHOSTS.length; v++) {
      for (String q : QUEUES[v]) {
        int vv = v;
        Session s = session(v);
        if (s.run(ch -> ch.queueDeclarePassive(N(vv, q))) != null) continue; // it does not exist
        String type = consumerRead.get(readKey(v, q));
        List<String> ids = type != null ? readByConsumer(s, N(v, q), type.equals("stream")) : readByGet(s, N(v, q));
        queues.put(VHOSTS[v].equals("/") ? q : VHOSTS[v] + "/" + q, ids);
      }
    }
  }

  static void readBindings() throws Exception {
    if (!apiWorks) return;
    bindings = new ArrayList<>();
    for (int v = 0; v < VHOSTS.length; v++) {
      String p = prefixOf[v];
      for (Object o : (List<?>) new Json(api("GET", "/bindings/" + enc(vhostOf[v]), null)).value()) {
        Map<?, ?> b = (Map<?, ?>) o;
        String source = (String) b.get("source"), dest = (String) b.get("destination");
        if (source.isEmpty()) continue; // the default exchange's implicit bindings
        if (!p.isEmpty() && !source.startsWith(p) && !dest.startsWith(p)) continue;
        bindings.add(entry("vhost", VHOSTS[v], "source", unN(v, source), "destination", unN(v, dest),
            "destination_type", b.get("destination_type"), "routing_key", b.get("routing_key")));
      }
    }
  }

  static void cleanup() {
    if (KEEP) {
      log("kept: " + (isolationMode.equals("vhost") ? "vhost " : "names starting with ") + isolationName);
    } else if (isolationMode.equals("prefix")) {
      for (Object[] d : DECLARED) {
        int v = (Integer) d[0];
        String name = (String) d[2];
        if (N(v, name).equals(name)) continue; // built-in: not ours to delete
        try {
          if (d[1].equals("queue")) session(v).run(ch -> ch.queueDelete(N(v, name)));
          else session(v).run(ch -> ch.exchangeDelete(N(v, name)));
        } catch (Exception e) {
          log(e.toString());
        }
      }
      for (Object[] pol : createdPolicies) {
        try {
          apiAnswer("DELETE", "/policies/" + enc(vhostOf[(Integer) pol[0]]) + "/" + enc((String) pol[1]), null);
        } catch (Exception e) {
          log(e.toString());
        }
      }
    }
    for (Session s : sessions.values()) s.close();
    if (!KEEP) {
      for (String name : createdVhosts) {
        try {
          api("DELETE", "/vhosts/" + enc(name), null);
        } catch (Exception e) {
          log(e.getMessage());
        }
      }
    }
  }

  public static void main(String[] argv) {
    try {
      readCredentials();
      isolate();
      try {
        scenario();
        drain();
        readBindings();
      } finally {
        cleanup();
      }
    } catch (Exception e) {
      log("lab kit failed: " + e);
      System.exit(1);
    }
    Map<String, Object> obs = entry("format", FORMAT, "version", VERSION, "kit", "java", "scenario", SCENARIO,
        "broker", entry("product", brokerProduct, "version", brokerVersion), "observed_at", observedAt,
        "isolation", entry("mode", isolationMode, "name", isolationName), "queues", queues,
        "returns", returns, "errors", errors, "steps", steps);
    if (bindings != null) obs.put("bindings", bindings);
    if (!nacks.isEmpty()) obs.put("nacks", nacks);
    StringBuilder out = new StringBuilder();
    Json.write(obs, out, "");
    System.out.println(out);
  }

  static Map<String, Object> entry(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }

  /** Just enough JSON: read the management API's answers, write the observation (ASCII only). */
  static final class Json {
    final String s;
    int i = 0;

    Json(String s) {
      this.s = s;
    }

    Object value() {
      ws();
      char c = s.charAt(i);
      if (c == '{') {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (s.charAt(i) == '}') { i++; return m; }
        for (;;) {
          ws();
          String k = string();
          ws();
          i++; // ':'
          m.put(k, value());
          ws();
          if (s.charAt(i++) == '}') return m;
        }
      }
      if (c == '[') {
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (s.charAt(i) == ']') { i++; return l; }
        for (;;) {
          l.add(value());
          ws();
          if (s.charAt(i++) == ']') return l;
        }
      }
      if (c == '"') return string();
      int start = i;
      while (i < s.length() && ",}] \n\r\t".indexOf(s.charAt(i)) < 0) i++;
      String word = s.substring(start, i);
      if (word.equals("true") || word.equals("false")) return Boolean.valueOf(word);
      if (word.equals("null")) return null;
      return Double.valueOf(word);
    }

    void ws() {
      while (i < s.length() && " \n\r\t".indexOf(s.charAt(i)) >= 0) i++;
    }

    String string() {
      StringBuilder b = new StringBuilder();
      i++;
      for (char c; (c = s.charAt(i++)) != '"'; ) {
        if (c != '\\') { b.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': b.append('\n'); break;
          case 'r': b.append('\r'); break;
          case 't': b.append('\t'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: b.append(e);
        }
      }
      return b.toString();
    }

    static void write(Object o, StringBuilder out, String indent) {
      String inner = indent + "  ";
      if (o == null) out.append("null");
      else if (o instanceof String) quote((String) o, out);
      else if (o instanceof Number || o instanceof Boolean) out.append(o);
      else if (o instanceof Map) {
        Map<?, ?> m = (Map<?, ?>) o;
        if (m.isEmpty()) { out.append("{}"); return; }
        out.append("{\n");
        int n = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
          out.append(inner);
          quote((String) e.getKey(), out);
          out.append(": ");
          write(e.getValue(), out, inner);
          out.append(++n < m.size() ? ",\n" : "\n");
        }
        out.append(indent).append('}');
      } else {
        List<?> l = (List<?>) o;
        if (l.isEmpty()) { out.append("[]"); return; }
        out.append("[\n");
        for (int n = 0; n < l.size(); n++) {
          out.append(inner);
          write(l.get(n), out, inner);
          out.append(n + 1 < l.size() ? ",\n" : "\n");
        }
        out.append(indent).append(']');
      }
    }

    static void quote(String s, StringBuilder out) {
      out.append('"');
      for (char c : s.toCharArray()) {
        if (c == '"' || c == '\\') out.append('\\').append(c);
        else if (c >= 0x20 && c < 0x7f) out.append(c);
        else out.append(String.format("\\u%04x", (int) c));
      }
      out.append('"');
    }
  }
// kit:end
}
