package io.hudibeam.transforms;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.hudibeam.write.IndexType;
import io.hudibeam.write.WriteOperation;
import org.junit.Test;

public class DeduplicationTest {
  @Test
  public void upsertsAndDeletesDeduplicateInTheIndexJoinExceptWithTheBucketIndex() {
    for (WriteOperation operation : new WriteOperation[] {WriteOperation.UPSERT, WriteOperation.DELETE}) {
      assertThat(Deduplication.of(operation, IndexType.SIMPLE), is(Deduplication.IN_INDEX_JOIN));
      assertThat(Deduplication.of(operation, IndexType.GLOBAL_SIMPLE), is(Deduplication.IN_INDEX_JOIN));
      assertThat(Deduplication.of(operation, IndexType.BLOOM), is(Deduplication.IN_INDEX_JOIN));
      assertThat(Deduplication.of(operation, IndexType.BUCKET), is(Deduplication.BEFORE_TAGGING));
    }
  }

  @Test
  public void insertsKeepDuplicatesWithEveryIndex() {
    for (WriteOperation operation : new WriteOperation[] {WriteOperation.INSERT, WriteOperation.BULK_INSERT}) {
      for (IndexType index : IndexType.values()) {
        assertThat(operation + " " + index, Deduplication.of(operation, index), is(Deduplication.NONE));
      }
    }
  }
}
