/**
 * HFile version 3, written and read as Hudi writes it for its metadata table: the base files
 * ({@code HoodieAvroHFileWriter}) and the content of HFile log data blocks ({@code
 * HoodieHFileDataBlock}), both produced by HBase 2.4's {@code HFileWriterImpl} inside Hudi 0.15 and
 * 1.0, and read by HBase's reader and Hudi's own native reader ({@code
 * org.apache.hudi.io.hfile.HFileReaderImpl}).
 *
 * <p>{@link io.hudibeam.hfile.HFileWriter} takes cells (key and value as bytes, keys in unsigned
 * byte order), file info entries and meta blocks, and writes, as {@link
 * io.hudibeam.hfile.HFileSettings} say, data blocks, the block index, the file info and the
 * trailer; {@link io.hudibeam.hfile.HFileReader} scans, looks up keys and key prefixes, and reads
 * file info and meta blocks. Both work on a Hadoop file or in memory. Byte layouts are in the
 * package-private classes, each citing the HBase or Hudi class it follows: {@code Trailer}, {@code
 * BlockHeader}, {@code Block}, {@code IndexChunk}/{@code IndexEntry}, {@code DataIndexWriter},
 * {@code FileInfo}, {@code CellKeys}, {@code DataBlock}, {@code FileBlocks}.
 *
 * <p>Uses only the JDK (gzip, CRC32C), Hadoop's FileSystem API and Avro (for {@link
 * io.hudibeam.hfile.HFileAvroValues}, the Avro encoding of Hudi's cell values): no HBase, no
 * protobuf runtime, nothing else of HudiIO. What Hudi puts into the file info and meta blocks (Avro
 * schema, record key range, bloom filter) is the callers' business ({@code
 * io.hudibeam.basefile.HFileBaseFileWriter}, {@code io.hudibeam.log.LogBlock.hfileData}); the names
 * are in {@link io.hudibeam.hfile.HudiHFileKeys}.
 *
 * <p>Depends on nothing else in io.hudibeam.
 *
 * <p>Internal: not a public API; it may change in any release (the commit module has no Beam
 * dependency, so this sentence stands in for Beam's {@code @Internal}). Users depend on {@code
 * io.hudibeam.HudiIO} and its result types only.
 */
package io.hudibeam.hfile;
