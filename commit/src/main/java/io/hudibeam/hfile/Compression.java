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
package io.hudibeam.hfile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The compression of an HFile's blocks, written in the trailer as its code (HBase 2.4's {@code
 * Compression.Algorithm} ordinal; Hudi 0.15's {@code HFileUtils.decodeCompressionCodec} reads the
 * same codes). Every block but the trailer is compressed, each on its own; the 33-byte block header
 * and the checksums stay uncompressed.
 *
 * <p>Hudi's default for the metadata table is {@link #GZ}: {@code
 * hoodie.hfile.compression.algorithm} defaults to {@code GZ} for base files (Hudi 0.15's {@code
 * HoodieStorageConfig}) and an HFile log data block falls back to {@code GZ} when none is set (Hudi
 * 0.15's {@code HFileUtils.getHFileCompressionAlgorithm}). Only {@link #NONE} and {@link #GZ} are
 * implemented; the others are named so a file using them gets a clear error.
 */
public enum Compression {
  LZO,
  /**
   * One gzip member per block, as HBase's {@code ReusableStreamGzipCodec} writes it through the
   * JDK's {@code GZIPOutputStream} (default level, one deflate stream, then the gzip trailer).
   */
  GZ,
  NONE,
  SNAPPY,
  LZ4,
  BZIP2,
  ZSTD;

  /** The code written in the trailer. */
  public int code() {
    return ordinal();
  }

  public boolean isSupported() {
    return this == GZ || this == NONE;
  }

  /** The compression with trailer code {@code code}, or null if there is none. */
  static Compression fromCode(int code) {
    Compression[] all = values();
    return code >= 0 && code < all.length ? all[code] : null;
  }

  /**
   * The compression named by a {@code hoodie.hfile.compression.algorithm} value, case-insensitive
   * as Hudi's {@code HFileUtils.getHFileCompressionAlgorithm} reads it.
   */
  public static Compression parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "Unknown HFile compression '"
              + name
              + "' (hoodie.hfile.compression.algorithm); expected one of NONE, GZ",
          e);
    }
  }

  byte[] compress(byte[] data, int offset, int length) {
    switch (this) {
      case NONE:
        byte[] copy = new byte[length];
        System.arraycopy(data, offset, copy, 0, length);
        return copy;
      case GZ:
        try {
          ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.max(64, length / 4));
          try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(data, offset, length);
            gzip.finish();
          }
          return bytes.toByteArray();
        } catch (IOException e) {
          throw new IllegalStateException("gzip into memory failed", e);
        }
      default:
        throw unsupported(this.name());
    }
  }

  /**
   * Decompresses {@code data[offset, offset + length)} into exactly {@code uncompressedLength}
   * bytes.
   */
  byte[] decompress(byte[] data, int offset, int length, int uncompressedLength)
      throws IOException {
    if (this == NONE) {
      if (length != uncompressedLength) {
        throw new IOException(
            "uncompressed block holds " + length + " bytes, its header says " + uncompressedLength);
      }
      byte[] copy = new byte[length];
      System.arraycopy(data, offset, copy, 0, length);
      return copy;
    }
    if (this != GZ) {
      throw new IOException(unsupported(name()).getMessage());
    }
    byte[] out = new byte[uncompressedLength];
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(data, offset, length))) {
      int read = 0;
      while (read < uncompressedLength) {
        int n = in.read(out, read, uncompressedLength - read);
        if (n < 0) {
          throw new IOException(
              "gzip block inflates to " + read + " bytes, its header says " + uncompressedLength);
        }
        read += n;
      }
    }
    return out;
  }

  static UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(
        "HFile compression "
            + what
            + " is not supported; only NONE and GZ (Hudi's default for the metadata table)");
  }
}
