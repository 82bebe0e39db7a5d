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
package io.hudibeam.examples.bench;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.examples.bench.S3RequestCounter.Kind;
import io.hudibeam.examples.bench.S3RequestCounter.Requests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gaul.s3proxy.AuthenticationType;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The request counter of the S3 request benchmark counts, at an S3Proxy server, each request of a
 * known sequence of S3 API calls (plain HTTP, no authentication) under its kind, and the requests
 * the server answered with an error.
 */
public class S3RequestCounterTest {
  @Rule public final TemporaryFolder folder = new TemporaryFolder();

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private HttpResponse<String> send(
      CountingS3Server server, String method, String pathAndQuery, String body, String... headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.endpoint() + pathAndQuery))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  public void countsEachRequestOfAKnownSequenceByKind() throws Exception {
    try (CountingS3Server server =
        CountingS3Server.start(folder.getRoot().toPath(), AuthenticationType.NONE)) {
      Requests before = server.requests();
      String b = "/" + CountingS3Server.BUCKET;
      assertThat(send(server, "PUT", b + "/a/x.txt", "hello").statusCode(), is(200));
      assertThat(send(server, "GET", b + "/a/x.txt", null).body(), is("hello"));
      assertThat(send(server, "HEAD", b + "/a/x.txt", null).statusCode(), is(200));
      assertThat(send(server, "HEAD", b + "/a/missing", null).statusCode(), is(404));
      assertThat(
          send(server, "GET", b + "?list-type=2&prefix=a/", null).body().contains("a/x.txt"),
          is(true));
      assertThat(
          send(server, "PUT", b + "/a/y.txt", "", "x-amz-copy-source", b + "/a/x.txt").statusCode(),
          is(200));
      String initiated = send(server, "POST", b + "/a/z.bin?uploads", "").body();
      Matcher id = Pattern.compile("<UploadId>([^<]+)</UploadId>").matcher(initiated);
      assertThat(initiated, id.find(), is(true));
      String upload = "uploadId=" + id.group(1);
      assertThat(
          send(server, "PUT", b + "/a/z.bin?partNumber=1&" + upload, "part").statusCode(), is(200));
      assertThat(send(server, "DELETE", b + "/a/z.bin?" + upload, null).statusCode(), is(204));
      assertThat(send(server, "DELETE", b + "/a/x.txt", null).statusCode(), is(204));
      String delete =
          "<Delete><Object><Key>a/y.txt</Key></Object><Object><Key>a/w.txt</Key></Object></Delete>";
      byte[] md5 = MessageDigest.getInstance("MD5").digest(delete.getBytes(StandardCharsets.UTF_8));
      assertThat(
          send(
                  server,
                  "POST",
                  b + "?delete",
                  delete,
                  "Content-MD5",
                  Base64.getEncoder().encodeToString(md5),
                  "Content-Type",
                  "application/xml")
              .statusCode(),
          is(200));

      Requests counted = server.requests().since(before);
      Map<Kind, Long> expected = new EnumMap<>(Kind.class);
      expected.put(Kind.GET, 1L);
      expected.put(Kind.HEAD, 2L);
      expected.put(Kind.PUT, 1L);
      expected.put(Kind.LIST, 1L);
      expected.put(Kind.DELETE, 2L);
      expected.put(Kind.MULTIPART, 3L);
      expected.put(Kind.COPY, 1L);
      expected.put(Kind.OTHER, 0L);
      assertThat(counted.toString(), counted.byKind(), is(expected));
      assertThat(counted.total(), is(11L));
      assertThat("the HEAD of the missing key", counted.errors(), is(1L));
    }
  }

  @Test
  public void kindsOfPathStyleRequests() {
    assertThat(S3RequestCounter.kind("GET", "/bucket/", "list-type=2", false), is(Kind.LIST));
    assertThat(S3RequestCounter.kind("GET", "/bucket", null, false), is(Kind.LIST));
    assertThat(S3RequestCounter.kind("GET", "/bucket/t/.hoodie/x", null, false), is(Kind.GET));
    assertThat(S3RequestCounter.kind("HEAD", "/bucket/t", null, false), is(Kind.HEAD));
    assertThat(S3RequestCounter.kind("PUT", "/bucket", null, false), is(Kind.OTHER));
    assertThat(S3RequestCounter.kind("POST", "/bucket/k", "uploadId=1", false), is(Kind.MULTIPART));
    assertThat(S3RequestCounter.kind("PUT", "/bucket/k", "uploadId=1", true), is(Kind.COPY));
  }
}
