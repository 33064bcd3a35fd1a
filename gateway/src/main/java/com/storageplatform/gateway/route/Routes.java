package com.storageplatform.gateway.route;

import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.resilience.Resilience;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Spring Cloud Gateway's routes: to each service, the requests the access filter sent its way. */
@Configuration(proxyBeanMethods = false)
public class Routes {

    /** Exchange attribute: the short name of the service a request goes to. */
    public static final String SERVICE = Routes.class.getName() + ".service";

    /**
     * One route per service, taken when the access filter has let the request through and named the service
     * that owns its path ({@link #SERVICE}): a request that did not pass the access filter is never routed.
     */
    @Bean
    RouteLocator platformRoutes(RouteLocatorBuilder builder, ServiceDirectory services) {
        RouteLocatorBuilder.Builder routes = builder.routes();
        for (String service : services.services().keySet()) {
            routes.route(service, route -> route.predicate(exchange -> service.equals(exchange.getAttribute(SERVICE)))
                    .uri(services.urlOf(service)));
        }
        return routes.build();
    }

    @Bean
    ServiceResilience serviceResilience(Resilience resilience) {
        return new ServiceResilience(resilience);
    }
}
