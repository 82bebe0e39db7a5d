package io.hudibeam.testing;

import org.apache.hadoop.conf.Configuration;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.hadoop.fs.HadoopFSUtils;

/** Opens tables with Hudi 0.15's own meta client (the reference reader). */
public final class HudiMetaClients {
  private HudiMetaClients() {}

  public static HoodieTableMetaClient open(String basePath) {
    return HoodieTableMetaClient.builder()
        .setConf(HadoopFSUtils.getStorageConfWithCopy(new Configuration()))
        .setBasePath(basePath)
        .build();
  }
}
