package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatabaseTest {

    @Test
    void theEmbeddedDatabaseIsThePlatformDatabaseOnTheLoopback() {
        Database database = Database.embedded(8100);

        assertThat(database.serviceUrl()).isEqualTo("postgresql://127.0.0.1:8100/platform");
        assertThat(database.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:8100/platform");
        assertThat(database.username()).isEqualTo("platform");
        assertThat(database.password()).isEqualTo("platform");
        assertThat(database.external()).isFalse();
    }

    @Test
    void databaseUrlGivesServerCredentialsAndDatabase() {
        Database database = Database.parse("postgresql://app:s%40cret@db.local:6543/platform_dev?sslmode=require");

        assertThat(database.serviceUrl()).isEqualTo("postgresql://db.local:6543/platform_dev?sslmode=require");
        assertThat(database.username()).isEqualTo("app");
        assertThat(database.password()).isEqualTo("s@cret");
        assertThat(database.external()).isTrue();
    }

    @Test
    void thePortDefaultsToPostgresOwnAndThePostgresSchemeIsAccepted() {
        Database database = Database.parse("postgres://app@localhost/platform");

        assertThat(database.port()).isEqualTo(5432);
        assertThat(database.password()).isEmpty();
    }

    @Test
    void aDatabaseUrlThatIsNotOneIsRefusedInOneLine() {
        assertThatThrownBy(() -> Database.parse("mysql://a:b@h:1/db")).hasMessageContaining("postgresql://user:password@host:port/db");
        assertThatThrownBy(() -> Database.parse("postgresql://a:b@h:1/")).hasMessage("DATABASE_URL has no database name");
        assertThatThrownBy(() -> Database.parse("postgresql:///db")).hasMessage("DATABASE_URL has no host");
    }
}
