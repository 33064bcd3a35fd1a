package com.storageplatform.gateway.route;

import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.resilience.Resilience;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.cloud.gateway.support.RouteMetadataUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Spring Cloud Gateway's routes: to each service, the requests the access filter sent its way. */
@Configuration(proxyBeanMethods = false)
public class Routes {

    /** Exchange attribute: the short name of the service a request goes to. */
    public static final String SERVICE = Routes.class.getName() + ".service";

    private static final String AUTH = "auth";

    /**
     * One route per service, taken when the access filter has let the request through and named the service
     * that owns its path ({@link #SERVICE}): a request that did not pass the access filter is never routed. Every
     * route waits {@code platform.route-timeout} (11 s, just above the services' own deadline on {@code /v1})
     * except the auth service's: its sign-in, consent, token and admin requests wait on Keycloak within the
     * auth service's own bound, so they get {@code platform.auth-route-timeout} (40 s).
     */
    @Bean
    RouteLocator platformRoutes(RouteLocatorBuilder builder, ServiceDirectory services,
            @Value("${platform.auth-route-timeout:40s}") Duration authRouteTimeout) {
        RouteLocatorBuilder.Builder routes = builder.routes();
        for (String service : services.services().keySet()) {
            routes.route(service, route -> {
                route.predicate(exchange -> service.equals(exchange.getAttribute(SERVICE)));
                if (service.equals(AUTH)) {
                    route.metadata(RouteMetadataUtils.RESPONSE_TIMEOUT_ATTR, authRouteTimeout.toMillis());
                }
                return route.uri(services.urlOf(service));
            });
        }
        return routes.build();
    }

    @Bean
    ServiceResilience serviceResilience(Resilience resilience) {
        return new ServiceResilience(resilience);
    }
}
