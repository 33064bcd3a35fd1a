package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class KafkaConfigTest {

    @Test
    void aSingleCombinedNodeListensOnTheLoopbackAtTheStacksPorts() {
        Map<String, String> config = KafkaConfig.properties(new Ports(18080), Path.of("/home/dev/.devstack/kafka"));

        assertThat(config)
                .containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:18111")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:18110,CONTROLLER://127.0.0.1:18111")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:18110")
                .containsEntry("log.dirs", "/home/dev/.devstack/kafka");
    }

    @Test
    void topicsAreCreatedOnDemandWithThreePartitionsAndOneReplica() {
        Map<String, String> config = KafkaConfig.properties(new Ports(8080), Path.of("/k"));

        assertThat(config)
                .containsEntry("auto.create.topics.enable", "true")
                .containsEntry("num.partitions", "3")
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0");
    }

    @Test
    void theRenderedFileReadsBackAsTheSameProperties() throws Exception {
        Map<String, String> config = KafkaConfig.properties(new Ports(8080), Path.of("/odd\\dir/kafka data"));
        Properties read = new Properties();
        read.load(new StringReader(KafkaConfig.render(config)));

        assertThat(read).containsExactlyInAnyOrderEntriesOf(config);
    }
}
