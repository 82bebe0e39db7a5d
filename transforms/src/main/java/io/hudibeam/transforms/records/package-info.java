/**
 * Stage 2, prepare records: key generation, failed records, de-duplication before the bucket
 * index, and the preferred record of a key ({@code PreferredRecord}). May depend on the commit
 * module, {@code io.hudibeam.transforms} and {@code transforms.coders}.
 */
package io.hudibeam.transforms.records;
