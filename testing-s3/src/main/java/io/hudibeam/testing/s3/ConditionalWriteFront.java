/*
 * Copyright 2026 The HudiIO Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.hudibeam.testing.s3;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;

/**
 * An HTTP front for S3Proxy that honours {@code If-None-Match: *} on a PUT and on a
 * CompleteMultipartUpload (a POST with {@code uploadId}), as S3 has since August 2024: such a
 * request for a key that exists is answered {@code 412 PreconditionFailed} (the error AWS
 * documents), and of two such requests for one key exactly one succeeds. S3Proxy 2.6.0 ignores the
 * header on a PUT, so every request passes through this front: conditional ones one at a time (a
 * lock held across the existence check and the forwarded upload, which makes them atomic per key
 * against each other), every other request as it came, the body read whole (the tests' files are
 * small). An unconditional PUT is not serialized: it overwrites, as on S3.
 *
 * <p>The server behind takes no authentication (the front forwards requests with a new {@code Host}
 * header, which S3's signatures cover), so the front checks none either: a test server only.
 */
final class ConditionalWriteFront implements AutoCloseable {
  private static final Set<String> REQUEST_HEADERS_NOT_FORWARDED =
      Set.of(
          "host",
          "content-length",
          "connection",
          "expect",
          "upgrade",
          "transfer-encoding",
          "date",
          "via",
          "warning",
          "from",
          "keep-alive");
  private static final Set<String> RESPONSE_HEADERS_NOT_FORWARDED =
      Set.of("content-length", "transfer-encoding", "connection", "date", "keep-alive");

  private final URI backend;
  private final BiPredicate<String, String> exists;
  private final Object conditionalWrites = new Object();
  private final HttpClient client;
  private final ExecutorService threads;
  private final HttpServer server;
  // Conditional creates of keys ending so are held until this many have arrived (tests' races).
  private volatile Gathering gathering;

  private record Gathering(String keySuffix, CyclicBarrier barrier) {}

  /**
   * A front on a free loopback port for the S3 server at {@code backend}; {@code exists} tells
   * whether an object (bucket, key) exists there.
   */
  ConditionalWriteFront(URI backend, BiPredicate<String, String> exists) throws IOException {
    this.backend = backend;
    this.exists = exists;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    this.threads = Executors.newCachedThreadPool();
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.createContext("/", this::handle);
    server.setExecutor(threads);
    server.start();
  }

  /**
   * Holds each conditional create of a key ending with {@code keySuffix} until {@code writers} of
   * them have arrived, then lets them all on at once (to the check and upload, one at a time).
   */
  void gather(String keySuffix, int writers) {
    gathering = new Gathering(keySuffix, new CyclicBarrier(writers));
  }

  /** Stops holding conditional creates. */
  void stopGathering() {
    gathering = null;
  }

  /** The port it listens on. */
  int port() {
    return server.getAddress().getPort();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      if (conditionalCreate(exchange)) {
        String[] bucketAndKey = bucketAndKey(exchange.getRequestURI());
        Gathering g = gathering;
        if (g != null && bucketAndKey[1].endsWith(g.keySuffix())) {
          try {
            g.barrier().await(60, TimeUnit.SECONDS);
          } catch (BrokenBarrierException | TimeoutException e) {
            throw new IOException("Conditional creates of *" + g.keySuffix() + " not gathered", e);
          }
        }
        synchronized (conditionalWrites) {
          if (exists.test(bucketAndKey[0], bucketAndKey[1])) {
            preconditionFailed(exchange, bucketAndKey[1]);
            return;
          }
          forward(exchange, body);
        }
      } else {
        forward(exchange, body);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted forwarding " + exchange.getRequestURI(), e);
    }
  }

  private static boolean conditionalCreate(HttpExchange exchange) {
    String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
    if (ifNoneMatch == null || !"*".equals(ifNoneMatch.trim())) {
      return false;
    }
    String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
    String query = exchange.getRequestURI().getRawQuery();
    boolean complete = "POST".equals(method) && query != null && query.contains("uploadId=");
    return "PUT".equals(method) || complete;
  }

  /** Path-style: {@code /bucket/key}. */
  private static String[] bucketAndKey(URI uri) {
    String path = URLDecoder.decode(uri.getRawPath(), StandardCharsets.UTF_8).substring(1);
    int slash = path.indexOf('/');
    if (slash < 0) {
      return new String[] {path, ""};
    }
    return new String[] {path.substring(0, slash), path.substring(slash + 1)};
  }

  private static void preconditionFailed(HttpExchange exchange, String key) throws IOException {
    byte[] xml =
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>PreconditionFailed</Code>"
                + "<Message>At least one of the pre-conditions you specified did not hold</Message>"
                + "<Condition>If-None-Match</Condition><Key>"
                + key.replace("&", "&amp;").replace("<", "&lt;")
                + "</Key><RequestId>"
                + UUID.randomUUID()
                + "</RequestId></Error>")
            .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/xml");
    exchange.sendResponseHeaders(412, xml.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(xml);
    }
  }

  private void forward(HttpExchange exchange, byte[] body)
      throws IOException, InterruptedException {
    URI uri = exchange.getRequestURI();
    String target =
        backend.toString()
            + uri.getRawPath()
            + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(target))
            .method(
                exchange.getRequestMethod(),
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
      if (!REQUEST_HEADERS_NOT_FORWARDED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        for (String value : header.getValue()) {
          request.header(header.getKey(), value);
        }
      }
    }
    HttpResponse<byte[]> response =
        client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    boolean head = "HEAD".equalsIgnoreCase(exchange.getRequestMethod());
    for (Map.Entry<String, List<String>> header : response.headers().map().entrySet()) {
      String name = header.getKey().toLowerCase(Locale.ROOT);
      boolean keep =
          !RESPONSE_HEADERS_NOT_FORWARDED.contains(name) || (head && "content-length".equals(name));
      if (keep && !name.startsWith(":")) {
        exchange.getResponseHeaders().put(header.getKey(), header.getValue());
      }
    }
    byte[] content = response.body();
    int status = response.statusCode();
    boolean noBody = head || status == 204 || status == 304 || content.length == 0;
    exchange.sendResponseHeaders(status, noBody ? -1 : content.length);
    if (!noBody) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(content);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
