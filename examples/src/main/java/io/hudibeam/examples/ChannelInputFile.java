package io.hudibeam.examples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A Parquet {@link InputFile} over a seekable channel, so Beam's file systems can feed Parquet's reader. */
final class ChannelInputFile implements InputFile {
  private final SeekableByteChannel channel;

  ChannelInputFile(SeekableByteChannel channel) {
    this.channel = channel;
  }

  @Override
  public long getLength() throws IOException {
    return channel.size();
  }

  @Override
  public SeekableInputStream newStream() {
    return new DelegatingSeekableInputStream(java.nio.channels.Channels.newInputStream(channel)) {
      @Override
      public long getPos() throws IOException {
        return channel.position();
      }

      @Override
      public void seek(long newPos) throws IOException {
        channel.position(newPos);
      }

      @Override
      public int read(ByteBuffer buf) throws IOException {
        return channel.read(buf);
      }

      @Override
      public void close() throws IOException {
        channel.close();
      }
    };
  }
}
