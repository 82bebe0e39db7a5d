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

import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.shaded.org.eclipse.jetty.server.Server;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.filesystem.FilesystemApiMetadata;

/**
 * S3Proxy on 127.0.0.1 (a free port) over jclouds' {@code filesystem} blob store in a folder, one
 * bucket, with an {@link S3RequestCounter} in front of S3Proxy's handler counting every request the
 * server receives.
 *
 * <p>S3Proxy's builder offers no way to add a Jetty handler, so {@link #start} takes the Jetty
 * {@code Server} S3Proxy built from its private field {@code server} (S3Proxy 2.6.0, whose
 * constructor sets its {@code S3ProxyHandlerJetty} as the server's only handler) and puts the
 * counter in front of that handler before the server starts. If a later S3Proxy renames the field,
 * the start fails naming it.
 */
final class CountingS3Server implements AutoCloseable {
  static final String BUCKET = "bucket";
  private static final String ACCESS_KEY = "access";
  private static final String SECRET_KEY = "secret";

  private final BlobStoreContext context;
  private final S3Proxy proxy;
  private final S3RequestCounter counter;

  private CountingS3Server(BlobStoreContext context, S3Proxy proxy, S3RequestCounter counter) {
    this.context = context;
    this.proxy = proxy;
    this.counter = counter;
  }

  /** Starts a server storing its objects under {@code root}; {@code auth} as S3Proxy checks it. */
  static CountingS3Server start(Path root, AuthenticationType auth) throws Exception {
    Properties properties = new Properties();
    properties.setProperty("jclouds.filesystem.basedir", root.toAbsolutePath().toString());
    BlobStoreContext context =
        ContextBuilder.newBuilder(new FilesystemApiMetadata())
            .overrides(properties)
            .credentials("identity", "credential")
            .build(BlobStoreContext.class);
    try {
      context.getBlobStore().createContainerInLocation(null, BUCKET);
      S3Proxy.Builder builder =
          S3Proxy.builder()
              .blobStore(context.getBlobStore())
              .endpoint(URI.create("http://127.0.0.1:0"));
      if (auth != AuthenticationType.NONE) {
        builder = builder.awsAuthentication(auth, ACCESS_KEY, SECRET_KEY);
      }
      S3Proxy proxy = builder.build();
      S3RequestCounter counter = new S3RequestCounter();
      Server server = jettyServer(proxy);
      counter.setHandler(server.getHandler());
      server.setHandler(counter);
      proxy.start();
      long deadline = System.currentTimeMillis() + 30_000;
      while (!"STARTED".equals(proxy.getState())) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException("S3Proxy did not start in 30 s: " + proxy.getState());
        }
        Thread.sleep(10);
      }
      return new CountingS3Server(context, proxy, counter);
    } catch (Exception | Error e) {
      context.close();
      throw e;
    }
  }

  private static Server jettyServer(S3Proxy proxy) throws ReflectiveOperationException {
    try {
      Field field = S3Proxy.class.getDeclaredField("server");
      field.setAccessible(true);
      return (Server) field.get(proxy);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(
          "S3Proxy has no field 'server' (its Jetty Server) to put the request counter in front"
              + " of; this S3Proxy version is not the 2.6.0 this benchmark was written for",
          e);
    }
  }

  /** {@code http://127.0.0.1:<port>}. */
  String endpoint() {
    return "http://127.0.0.1:" + proxy.getPort();
  }

  /** The requests the server received so far. */
  S3RequestCounter.Requests requests() {
    return counter.requests();
  }

  /** Every request the server received so far, in order. */
  java.util.List<S3Request> log() {
    return counter.log();
  }

  /** The Hadoop settings that point S3A at this server (as the tests' S3Server gives them). */
  Map<String, String> hadoopSettings() {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("fs.s3a.endpoint", endpoint());
    conf.put("fs.s3a.endpoint.region", "us-east-1");
    conf.put("fs.s3a.path.style.access", "true");
    conf.put("fs.s3a.connection.ssl.enabled", "false");
    conf.put("fs.s3a.access.key", ACCESS_KEY);
    conf.put("fs.s3a.secret.key", SECRET_KEY);
    conf.put(
        "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    // The bucket exists; do not probe it at each file system's start.
    conf.put("fs.s3a.bucket.probe", "0");
    // S3A's defaults, stated: each request names its operation and thread (S3Request).
    conf.put("fs.s3a.audit.enabled", "true");
    conf.put("fs.s3a.audit.referrer.enabled", "true");
    return Map.copyOf(conf);
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.stop();
    } finally {
      context.close();
    }
  }
}
