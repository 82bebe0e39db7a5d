/**
 * Stage 6, write file groups: one writer per file group per instant after a GroupByKey, and the
 * bulk insert path that writes new file groups straight from the bundle. Output: write stats. May
 * depend on the commit module, {@code io.hudibeam.transforms} and {@code transforms.coders}.
 */
package io.hudibeam.transforms.write;
