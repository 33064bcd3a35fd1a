package com.storageplatform.deploy.support;

import static java.util.Map.entry;

import io.fabric8.kubernetes.api.model.ConfigMapKeySelector;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.apps.DeploymentSpec;
import io.fabric8.kubernetes.api.model.autoscaling.v2.CrossVersionObjectReference;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerSpec;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricTarget;
import io.fabric8.kubernetes.api.model.autoscaling.v2.ResourceMetricSource;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressRuleValue;
import io.fabric8.kubernetes.api.model.networking.v1.IPBlock;
import io.fabric8.kubernetes.api.model.networking.v1.IngressServiceBackend;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicySpec;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitorSpec;
import io.strimzi.api.kafka.model.kafka.KafkaClusterSpec;
import io.strimzi.api.kafka.model.kafka.KafkaSpec;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePoolSpec;
import io.strimzi.api.kafka.model.kafka.JbodStorage;
import io.strimzi.api.kafka.model.kafka.PersistentClaimStorage;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields the Kubernetes API (and Strimzi's CRDs) mark required, for the types the chart renders. Models
 * deserialise without them, so they are checked here: walking the typed object, every instance of a listed
 * type must have each listed property.
 */
final class RequiredFields {

    private static final Map<Class<?>, List<String>> REQUIRED = Map.ofEntries(
            entry(DeploymentSpec.class, List.of("selector", "template")),
            entry(PodSpec.class, List.of("containers")),
            entry(Container.class, List.of("name", "image")),
            entry(ContainerPort.class, List.of("containerPort")),
            entry(EnvVar.class, List.of("name")),
            entry(SecretKeySelector.class, List.of("key")),
            entry(ConfigMapKeySelector.class, List.of("key")),
            entry(VolumeMount.class, List.of("name", "mountPath")),
            entry(Volume.class, List.of("name")),
            entry(KeyToPath.class, List.of("key", "path")),
            entry(HTTPGetAction.class, List.of("port")),
            entry(ServicePort.class, List.of("port")),
            entry(TopologySpreadConstraint.class, List.of("maxSkew", "topologyKey", "whenUnsatisfiable")),
            entry(WeightedPodAffinityTerm.class, List.of("weight", "podAffinityTerm")),
            entry(PodAffinityTerm.class, List.of("topologyKey")),
            entry(LabelSelectorRequirement.class, List.of("key", "operator")),
            entry(HorizontalPodAutoscalerSpec.class, List.of("scaleTargetRef", "maxReplicas")),
            entry(CrossVersionObjectReference.class, List.of("kind", "name")),
            entry(MetricSpec.class, List.of("type")),
            entry(ResourceMetricSource.class, List.of("name", "target")),
            entry(MetricTarget.class, List.of("type")),
            entry(NetworkPolicySpec.class, List.of("podSelector")),
            entry(IPBlock.class, List.of("cidr")),
            entry(HTTPIngressRuleValue.class, List.of("paths")),
            entry(HTTPIngressPath.class, List.of("pathType", "backend")),
            entry(IngressServiceBackend.class, List.of("name")),
            entry(ServiceMonitorSpec.class, List.of("selector")),
            entry(KafkaSpec.class, List.of("kafka")),
            entry(KafkaClusterSpec.class, List.of("listeners")),
            entry(GenericKafkaListener.class, List.of("name", "port", "type")),
            entry(KafkaNodePoolSpec.class, List.of("replicas", "roles", "storage")),
            entry(JbodStorage.class, List.of("volumes")),
            entry(PersistentClaimStorage.class, List.of("size")));

    private RequiredFields() {
    }

    /** Each missing required field of the resource, as {@code path.to.type: field}. */
    static List<String> missingIn(Object resource) {
        List<String> missing = new ArrayList<>();
        walk(resource, resource.getClass().getSimpleName(), missing);
        return missing;
    }

    private static void walk(Object value, String path, List<String> missing) {
        if (value == null) {
            return;
        }
        if (value instanceof Collection<?> items) {
            int index = 0;
            for (Object item : items) {
                walk(item, path + "[" + index++ + "]", missing);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, item) -> walk(item, path + "." + key, missing));
            return;
        }
        if (!isModel(value.getClass())) {
            return;
        }
        Map<String, Property> properties = propertiesOf(value);
        for (String field : REQUIRED.getOrDefault(value.getClass(), List.of())) {
            Property property = properties.get(field);
            if (property == null || property.isAbsent()) {
                missing.add(path + ": " + field);
            }
        }
        properties.forEach((name, property) -> walk(property.value(), path + "." + name, missing));
    }

    /** A property's value; a primitive one (Strimzi's ports and replicas) is absent when it is 0. */
    private record Property(Object value, boolean primitive) {
        boolean isAbsent() {
            return value == null
                    || value instanceof String text && text.isBlank()
                    || value instanceof Collection<?> items && items.isEmpty()
                    || primitive && value instanceof Number number && number.longValue() == 0;
        }
    }

    /** A model type to descend into; Quantity and IntOrString are values, whatever their getters. */
    private static boolean isModel(Class<?> type) {
        String name = type.getName();
        return (name.startsWith("io.fabric8.") || name.startsWith("io.strimzi.")) && !type.isEnum()
                && type != Quantity.class && type != IntOrString.class;
    }

    private static Map<String, Property> propertiesOf(Object bean) {
        try {
            Map<String, Property> properties = new LinkedHashMap<>();
            for (PropertyDescriptor property : Introspector.getBeanInfo(bean.getClass(), Object.class)
                    .getPropertyDescriptors()) {
                Method getter = property.getReadMethod();
                if (getter != null && getter.getParameterCount() == 0
                        && !property.getName().equals("additionalProperties")) {
                    properties.put(property.getName(),
                            new Property(getter.invoke(bean), getter.getReturnType().isPrimitive()));
                }
            }
            return properties;
        } catch (IntrospectionException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot read " + bean.getClass().getName(), e);
        }
    }
}
