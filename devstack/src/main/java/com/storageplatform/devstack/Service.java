package com.storageplatform.devstack;

import java.nio.file.Path;

/**
 * One row of the service table: a Spring Boot service started as {@code java -jar <module>/target/<module>.jar}.
 *
 * @param name       process name (log file, pid file, {@code --only})
 * @param module     Maven module directory under the repository root
 * @param portOffset HTTP port relative to the base port
 * @param shortName  schema the service owns, and the {@code <NAME>} in the gateway's
 *                   {@code PLATFORM_SERVICES_<NAME>_URL}
 */
public record Service(String name, String module, int portOffset, String shortName) {

    public Path jar(Path repoRoot) {
        return repoRoot.resolve(module).resolve("target").resolve(module + ".jar");
    }

    public boolean isGateway() {
        return Services.GATEWAY.equals(name);
    }
}
