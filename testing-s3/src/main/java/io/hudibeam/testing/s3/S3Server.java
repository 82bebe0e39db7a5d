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

import java.io.File;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.TransientApiMetadata;
import org.jclouds.filesystem.FilesystemApiMetadata;
import org.junit.rules.ExternalResource;
import org.junit.rules.TemporaryFolder;

/**
 * An S3-compatible server in the test JVM: S3Proxy ({@code org.gaul:s3proxy}) on jclouds' in-memory
 * ({@code transient}) blob store or its {@code filesystem} store in a temporary folder, listening
 * on a free loopback port, with one bucket. {@link #hadoopSettings()} is what a write and Hudi's
 * reader need to reach it through Hadoop's S3A (endpoint, path-style access, credentials, no
 * retries worth waiting for).
 *
 * <p>S3Proxy 2.6.0 ignores {@code If-None-Match: *} on a PUT (two conditional creates of one key
 * both succeed), as an S3 store before August 2024 did. {@link #honouringConditionalWrites()} puts
 * a front before it that honours the header as S3 does now ({@link ConditionalWriteFront}).
 */
public final class S3Server extends ExternalResource {
  public static final String BUCKET = "hudi";
  private static final String ACCESS_KEY = "access";
  private static final String SECRET_KEY = "secret";

  private final TemporaryFolder folder;
  private BlobStoreContext context;
  private S3Proxy proxy;

  private ConditionalWriteFront front;

  private final boolean inMemory;
  private final boolean conditionalWrites;

  /** A server on jclouds' in-memory ({@code transient}) blob store. */
  public S3Server() {
    this(null, true, false);
  }

  /** A server on jclouds' {@code filesystem} blob store in {@code folder}. */
  public S3Server(TemporaryFolder folder) {
    this(folder, false, false);
  }

  private S3Server(TemporaryFolder folder, boolean inMemory, boolean conditionalWrites) {
    this.folder = folder;
    this.inMemory = inMemory;
    this.conditionalWrites = conditionalWrites;
  }

  /**
   * A server on jclouds' in-memory blob store that honours {@code If-None-Match: *} on a PUT (and
   * on completing a multipart upload) as S3 does: a conditional create of an existing key is
   * refused with 412, atomically per key.
   */
  public static S3Server honouringConditionalWrites() {
    return new S3Server(null, true, true);
  }

  /** Whether this server honours {@code If-None-Match: *} on a PUT. */
  public boolean honoursConditionalWrites() {
    return conditionalWrites;
  }

  private static Properties fileSystemStore(File root) {
    Properties properties = new Properties();
    properties.setProperty("jclouds.filesystem.basedir", root.getAbsolutePath());
    return properties;
  }

  @Override
  protected void before() throws Exception {
    context =
        (inMemory
                ? ContextBuilder.newBuilder(new TransientApiMetadata())
                : ContextBuilder.newBuilder(new FilesystemApiMetadata())
                    .overrides(fileSystemStore(folder.getRoot())))
            .credentials("identity", "credential")
            .build(BlobStoreContext.class);
    BlobStore store = context.getBlobStore();
    store.createContainerInLocation(null, BUCKET);
    // Behind the front S3Proxy checks no signature: the front's forwarded requests carry another
    // Host header than the one the client signed.
    proxy =
        conditionalWrites
            ? S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.NONE, null, null)
                .build()
            : S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
    proxy.start();
    long deadline = System.currentTimeMillis() + 30_000;
    while (!"STARTED".equals(proxy.getState())) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("S3Proxy did not start in 30 s: " + proxy.getState());
      }
      Thread.sleep(10);
    }
    if (conditionalWrites) {
      front =
          new ConditionalWriteFront(
              URI.create("http://127.0.0.1:" + proxy.getPort()), store::blobExists);
    }
  }

  /**
   * Holds every conditional create of a key ending with {@code keySuffix} until {@code writers} of
   * them have reached the server, then decides them (one at a time): a race whose contenders all
   * passed every check of their own. Only on a server {@link #honouringConditionalWrites()}.
   */
  public void gatherConditionalCreates(String keySuffix, int writers) {
    if (front == null) {
      throw new IllegalStateException("Only a server honouring conditional writes gathers them");
    }
    front.gather(keySuffix, writers);
  }

  /** Stops {@link #gatherConditionalCreates}. */
  public void stopGathering() {
    if (front != null) {
      front.stopGathering();
    }
  }

  /** The port S3A talks to: the front's, if there is one, else S3Proxy's. */
  public int port() {
    return front != null ? front.port() : proxy.getPort();
  }

  @Override
  protected void after() {
    try {
      if (front != null) {
        front.close();
      }
      if (proxy != null) {
        proxy.stop();
      }
    } catch (Exception e) {
      throw new IllegalStateException("Cannot stop S3Proxy", e);
    } finally {
      if (context != null) {
        context.close();
      }
    }
  }

  /** A new table's base path in the bucket: {@code s3a://hudi/<name>-<uuid>}. */
  public String newTable(String name) {
    return "s3a://" + BUCKET + "/" + name + "-" + UUID.randomUUID();
  }

  /** The Hadoop settings that point S3A at this server. */
  public Map<String, String> hadoopSettings() {
    Map<String, String> conf = new HashMap<>();
    conf.put("fs.s3a.endpoint", "http://127.0.0.1:" + port());
    conf.put("fs.s3a.endpoint.region", "us-east-1");
    conf.put("fs.s3a.path.style.access", "true");
    conf.put("fs.s3a.connection.ssl.enabled", "false");
    conf.put("fs.s3a.access.key", ACCESS_KEY);
    conf.put("fs.s3a.secret.key", SECRET_KEY);
    conf.put(
        "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    // A refused request fails at once rather than after S3A's retries with back-off.
    conf.put("fs.s3a.attempts.maximum", "1");
    conf.put("fs.s3a.retry.limit", "1");
    conf.put("fs.s3a.retry.interval", "10ms");
    // The bucket exists; do not probe it at each file system's start.
    conf.put("fs.s3a.bucket.probe", "0");
    return conf;
  }
}
