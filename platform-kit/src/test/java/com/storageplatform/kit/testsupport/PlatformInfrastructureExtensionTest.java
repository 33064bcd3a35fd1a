package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A test without Spring gets the JVM's PostgreSQL and Kafka and an empty schema of its own. */
@ExtendWith(PlatformInfrastructureExtension.class)
class PlatformInfrastructureExtensionTest {

    @Test
    void aClassGetsAnEmptySchemaOnRealPostgres(PlatformInfrastructureExtension.TestSchema schema) throws Exception {
        try (Connection connection = schema.infrastructure().dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + schema.name() + ".probe (id int)");
            ResultSet tables = statement.executeQuery(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + schema.name() + "'");
            tables.next();
            assertThat(tables.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void theSameInfrastructureServesTheWholeJvm(PlatformInfrastructure infrastructure) throws Exception {
        assertThat(infrastructure).isSameAs(PlatformInfrastructure.get());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                infrastructure.kafkaBootstrapServers()))) {
            assertThat(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS)).hasSize(1);
        }
    }
}
