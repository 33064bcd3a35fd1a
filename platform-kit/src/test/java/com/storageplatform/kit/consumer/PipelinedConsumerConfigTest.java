package com.storageplatform.kit.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.util.unit.DataSize;

/** The consumer settings every service's consumers start from. */
class PipelinedConsumerConfigTest {

    @Test
    void aFetchWaitsBrieflyForMoreThanOneRecordUnlessSpringsPropertiesSayOtherwise() {
        Map<String, Object> config = PipelinedConsumer.config(new KafkaProperties(), "billing-inbox");
        assertThat(config).containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 16_384)
                .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20)
                .containsEntry(ConsumerConfig.GROUP_ID_CONFIG, "billing-inbox")
                .containsEntry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);

        KafkaProperties set = new KafkaProperties();
        set.getConsumer().setFetchMinSize(DataSize.ofBytes(1));
        set.getConsumer().setFetchMaxWait(java.time.Duration.ofMillis(500));
        Map<String, Object> overridden = PipelinedConsumer.config(set, "billing-inbox");
        assertThat(overridden).containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1)
                .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500);
    }
}
