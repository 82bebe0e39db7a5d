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
package io.hudibeam.transforms.records;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;

/**
 * A record that could not be written, as text, with the reason.
 *
 * @param record the record as JSON text
 * @param reason why it could not be written
 */
public record FailedRecord(String record, String reason) {

  public FailedRecord {
    Objects.requireNonNull(record, "record");
    Objects.requireNonNull(reason, "reason");
  }

  public static FailedRecord of(String record, String reason) {
    return new FailedRecord(record, reason);
  }

  @Override
  public String toString() {
    return "FailedRecord{" + reason + ": " + record + "}";
  }

  /** Deterministic coder: the record text, then the reason. */
  public static final class FailedRecordCoder extends AtomicCoder<FailedRecord> {
    private static final FailedRecordCoder INSTANCE = new FailedRecordCoder();

    public static FailedRecordCoder of() {
      return INSTANCE;
    }

    @Override
    public void encode(FailedRecord value, OutputStream out) throws IOException {
      StringUtf8Coder.of().encode(value.record, out);
      StringUtf8Coder.of().encode(value.reason, out);
    }

    @Override
    public FailedRecord decode(InputStream in) throws IOException {
      String record = StringUtf8Coder.of().decode(in);
      return new FailedRecord(record, StringUtf8Coder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
