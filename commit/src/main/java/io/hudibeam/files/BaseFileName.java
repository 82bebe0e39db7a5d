package io.hudibeam.files;

import io.hudibeam.timeline.InstantTime;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A base file name {@code <fileId>_<writeToken>_<instantTime>.parquet} (section 5.1). */
public final class BaseFileName implements Serializable {
  private static final long serialVersionUID = 1L;
  public static final String PARQUET_EXTENSION = ".parquet";
  private static final Pattern FORM = Pattern.compile("^([^_]+)_([^_]+)_(\\d+)\\.parquet$");

  private final FileId fileId;
  private final WriteToken writeToken;
  private final InstantTime instantTime;

  private BaseFileName(FileId fileId, WriteToken writeToken, InstantTime instantTime) {
    this.fileId = Objects.requireNonNull(fileId);
    this.writeToken = Objects.requireNonNull(writeToken);
    this.instantTime = Objects.requireNonNull(instantTime);
  }

  public static BaseFileName of(FileId fileId, WriteToken writeToken, InstantTime instantTime) {
    return new BaseFileName(fileId, writeToken, instantTime);
  }

  public static BaseFileName parse(String name) {
    return tryParse(name)
        .orElseThrow(
            () ->
                new InvalidFileNameException(
                    "'"
                        + name
                        + "' is not a base file name: expected"
                        + " <uuid>-<n>_<int>-<int>-<int>_<17-digit instant>.parquet"));
  }

  /** Empty when the name is not a Hudi base file name. */
  public static Optional<BaseFileName> tryParse(String name) {
    Matcher m = name == null ? null : FORM.matcher(name);
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new BaseFileName(
              FileId.parse(m.group(1)),
              WriteToken.parse(m.group(2)),
              InstantTime.parse(m.group(3))));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public FileId fileId() {
    return fileId;
  }

  public WriteToken writeToken() {
    return writeToken;
  }

  public InstantTime instantTime() {
    return instantTime;
  }

  public String value() {
    return fileId.value() + "_" + writeToken.value() + "_" + instantTime.value() + PARQUET_EXTENSION;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BaseFileName && value().equals(((BaseFileName) o).value());
  }

  @Override
  public int hashCode() {
    return value().hashCode();
  }

  @Override
  public String toString() {
    return value();
  }
}
