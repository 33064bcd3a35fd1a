package com.storageplatform.gateway.access;

import java.util.List;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;

/**
 * Removes Spring Cloud Gateway's header filters whose work {@link HopByHop} does inside the gateway's own
 * ({@link InternalHeaders} for requests, {@link ServiceResponseHeaders} for responses): each of them copied every
 * header of every proxied message again, about a twentieth of the gateway's CPU per request. The gRPC ones go too:
 * nothing the gateway routes speaks gRPC. Spring Cloud Gateway declares them unconditionally, so they are removed
 * by name before they are created.
 */
public final class ReplacedHeaderFilters implements BeanDefinitionRegistryPostProcessor {

    public static final List<String> NAMES = List.of("removeHopByHopHeadersFilter", "removeForwardedHeadersFilter",
            "removeXForwardedHeadersFilter", "gRPCRequestHeadersFilter", "gRPCResponseHeadersFilter");

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        for (String name : NAMES) {
            if (registry.containsBeanDefinition(name)) {
                registry.removeBeanDefinition(name);
            }
        }
    }
}
