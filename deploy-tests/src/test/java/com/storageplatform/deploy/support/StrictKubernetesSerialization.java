package com.storageplatform.deploy.support;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.util.List;

/**
 * fabric8's Kubernetes model, made as strict as the API server. fabric8 itself is lenient: every model keeps
 * unknown fields in an "additional properties" map and Jackson coerces "2" into 2. Here an unknown field (a
 * typo such as {@code livenesProbe}) and a scalar of the wrong type (a number where Kubernetes wants a
 * string) fail. Strimzi's kinds come from Strimzi's own model.
 */
final class StrictKubernetesSerialization {

    private static final List<String> STRIMZI_VERSIONS = List.of("kafka.strimzi.io/v1beta2", "kafka.strimzi.io/v1");

    private StrictKubernetesSerialization() {
    }

    static KubernetesSerialization create() {
        ObjectMapper mapper = new ObjectMapper();
        KubernetesSerialization serialization = new KubernetesSerialization(mapper, true);
        mapper.registerModule(new SimpleModule("no-unknown-fields").setDeserializerModifier(new NoAnySetter()));
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS);
        for (CoercionInputShape shape : List.of(CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean)) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        for (String apiVersion : STRIMZI_VERSIONS) {
            serialization.registerKubernetesResource(apiVersion, "Kafka", Kafka.class);
            serialization.registerKubernetesResource(apiVersion, "KafkaNodePool", KafkaNodePool.class);
            serialization.registerKubernetesResource(apiVersion, "KafkaTopic", KafkaTopic.class);
            serialization.registerKubernetesResource(apiVersion, "KafkaUser", KafkaUser.class);
        }
        return serialization;
    }

    static KubernetesResource convert(KubernetesSerialization serialization, Object tree) {
        return serialization.convertValue(tree, KubernetesResource.class);
    }

    /** Drops the any-setter that collects unknown fields, so they fail instead. */
    private static final class NoAnySetter extends BeanDeserializerModifier {
        @Override
        public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description,
                BeanDeserializerBuilder builder) {
            // A kind with no model stays generic: it is rejected, or checked by hand (CloudNativePG's Cluster).
            if (description.getBeanClass() != GenericKubernetesResource.class) {
                builder.setAnySetter(null);
            }
            return builder;
        }
    }
}
