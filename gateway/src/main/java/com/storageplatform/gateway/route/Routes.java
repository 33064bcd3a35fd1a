package com.storageplatform.gateway.route;

import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Turns the route table into Spring Cloud Gateway routes; {@code /oauth/*} and {@code /admin/v1/*} go to auth. */
@Configuration(proxyBeanMethods = false)
class Routes {

    @Bean
    RouteLocator platformRoutes(RouteLocatorBuilder builder, ServiceDirectory services) {
        RouteLocatorBuilder.Builder routes = builder.routes();
        for (RouteTable.Entry entry : RouteTable.ENTRIES) {
            String path = "/v1/" + entry.path();
            routes.route(entry.path(), route -> route.path(path, path + "/**")
                    .uri(services.urlOf(entry.service())));
        }
        routes.route("oauth", route -> route.path("/oauth/**").uri(services.urlOf("auth")));
        routes.route("admin", route -> route.path("/admin/v1/**").uri(services.urlOf("auth")));
        return routes.build();
    }

    @Bean
    ServiceResilience serviceResilience() {
        return new ServiceResilience();
    }
}
