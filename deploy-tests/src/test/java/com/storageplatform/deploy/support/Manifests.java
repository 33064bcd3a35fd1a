package com.storageplatform.deploy.support;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/** The resources of one rendering, typed, with look-ups by kind and by service. */
public record Manifests(List<HasMetadata> resources) {

    /** Every resource name of the release starts with this (release "sp" + chart name). */
    public static final String FULLNAME = HelmChart.RELEASE + "-storage-platform";

    /** The name of a service's Deployment, Service, ConfigMap and the rest. */
    public static String nameOf(String service) {
        return FULLNAME + "-" + service;
    }

    public <T extends HasMetadata> List<T> all(Class<T> kind) {
        return resources.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    public <T extends HasMetadata> Optional<T> find(Class<T> kind, String name) {
        return all(kind).stream().filter(resource -> resource.getMetadata().getName().equals(name)).findFirst();
    }

    public <T extends HasMetadata> T get(Class<T> kind, String name) {
        return find(kind, name).orElseThrow(
                () -> new NoSuchElementException("No " + kind.getSimpleName() + " named " + name));
    }

    /** The resource of that kind belonging to a service. */
    public <T extends HasMetadata> T ofService(Class<T> kind, String service) {
        return get(kind, nameOf(service));
    }

    public Deployment deployment(String service) {
        return ofService(Deployment.class, service);
    }

    /** The one container of a service's pods. */
    public Container container(String service) {
        return deployment(service).getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    /** The service's ConfigMap entries: its non-secret environment. */
    public Map<String, String> config(String service) {
        return ofService(ConfigMap.class, service).getData();
    }

    public List<Secret> secrets() {
        return all(Secret.class);
    }
}
