package io.hudibeam.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The tables written by Hudi 0.15's Spark datasource (shared/golden, copied to test resources), copied
 * into a writable folder with the empty folders git does not keep.
 */
public final class GoldenTableFiles {
  public static final String COW_TRIPS = "v6_cow_trips";
  public static final String MOR_TRIPS = "v6_mor_trips";
  public static final String COW_COMPLEXKEY_HIVE = "v6_cow_complexkey_hive";
  public static final String COW_NONPARTITIONED_CLEANED = "v6_cow_nonpartitioned_cleaned";

  private GoldenTableFiles() {}

  /** Copies golden table {@code name} under {@code parent} and returns the copy's base path. */
  public static String copy(String name, File parent) {
    Path source = Paths.get("src/test/resources/golden", name);
    if (!Files.isDirectory(source)) {
      source = Paths.get("../commit/src/test/resources/golden", name);
    }
    Path target = parent.toPath().resolve(name);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path dest = target.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(file, dest, StandardCopyOption.REPLACE_EXISTING);
          dest.toFile().setWritable(true);
        }
      }
      for (String folder : new String[] {".aux/.bootstrap/.partitions", ".aux/.bootstrap/.fileids", ".temp", ".schema", "archived"}) {
        Files.createDirectories(target.resolve(".hoodie").resolve(folder));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy golden table " + name, e);
    }
    return target.toAbsolutePath().toString();
  }
}
