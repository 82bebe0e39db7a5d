package io.hudibeam.index;

import io.hudibeam.basefile.BaseFileFooter;
import io.hudibeam.files.BaseFile;
import io.hudibeam.table.HudiTableException;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * The record key range of a base file, read from its footer ({@code hoodie_min_record_key}, {@code
 * hoodie_max_record_key}); Hudi's {@code BloomIndexFileInfo}. A file without a range (written
 * without one) may hold any key.
 */
public final class FileKeyRange implements Serializable {
  private static final long serialVersionUID = 1L;

  private final BaseFile baseFile;
  private final String minRecordKey;
  private final String maxRecordKey;

  private FileKeyRange(BaseFile baseFile, String minRecordKey, String maxRecordKey) {
    this.baseFile = Objects.requireNonNull(baseFile, "baseFile");
    this.minRecordKey = minRecordKey;
    this.maxRecordKey = maxRecordKey;
  }

  /** A range with both bounds inclusive, compared as Java strings (as Hudi compares them). */
  public static FileKeyRange of(BaseFile baseFile, String minRecordKey, String maxRecordKey) {
    Objects.requireNonNull(minRecordKey, "minRecordKey");
    Objects.requireNonNull(maxRecordKey, "maxRecordKey");
    if (minRecordKey.compareTo(maxRecordKey) > 0) {
      throw new HudiTableException(
          "Base file " + baseFile.relativePath() + " has min record key '" + minRecordKey
              + "' above its max record key '" + maxRecordKey + "'");
    }
    return new FileKeyRange(baseFile, minRecordKey, maxRecordKey);
  }

  /** A file whose footer has no key range: every key is a candidate. */
  public static FileKeyRange unbounded(BaseFile baseFile) {
    return new FileKeyRange(baseFile, null, null);
  }

  /** The range of the footer, unbounded when the footer lacks either bound. */
  public static FileKeyRange fromFooter(BaseFile baseFile, BaseFileFooter footer) {
    Optional<String> min = footer.minRecordKey();
    Optional<String> max = footer.maxRecordKey();
    return min.isPresent() && max.isPresent()
        ? of(baseFile, min.get(), max.get())
        : unbounded(baseFile);
  }

  public BaseFile baseFile() {
    return baseFile;
  }

  public Optional<String> minRecordKey() {
    return Optional.ofNullable(minRecordKey);
  }

  public Optional<String> maxRecordKey() {
    return Optional.ofNullable(maxRecordKey);
  }

  /** Whether the file may hold the key: no range, or min ≤ key ≤ max. */
  public boolean mayContain(String recordKey) {
    return minRecordKey == null
        || (minRecordKey.compareTo(recordKey) <= 0 && maxRecordKey.compareTo(recordKey) >= 0);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FileKeyRange)) {
      return false;
    }
    FileKeyRange other = (FileKeyRange) o;
    return baseFile.equals(other.baseFile)
        && Objects.equals(minRecordKey, other.minRecordKey)
        && Objects.equals(maxRecordKey, other.maxRecordKey);
  }

  @Override
  public int hashCode() {
    return Objects.hash(baseFile, minRecordKey, maxRecordKey);
  }

  @Override
  public String toString() {
    return baseFile.relativePath() + (minRecordKey == null ? " [any key]" : " [" + minRecordKey + ", " + maxRecordKey + "]");
  }
}
