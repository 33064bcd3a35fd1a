package com.storageplatform.devstack;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The PostgreSQL server and database the services use: the embedded one, or the server named by
 * {@code DATABASE_URL} ({@code postgresql://user:password@host:port/db}).
 */
public record Database(String host, int port, String name, String username, String password, String query,
        boolean external) {

    public static final String NAME = "platform";
    /**
     * The services' role on the embedded server: neither superuser nor BYPASSRLS, so the row-level security of every
     * tenant table binds them as in production. initdb runs with trust authentication, so the password is only
     * what the services are told.
     */
    public static final String EMBEDDED_USER = "platform";
    public static final String EMBEDDED_PASSWORD = "platform";

    public static Database embedded(int port) {
        return new Database("127.0.0.1", port, NAME, EMBEDDED_USER, EMBEDDED_PASSWORD, null, false);
    }

    /**
     * Parses {@code DATABASE_URL}. The user and password may be percent-encoded; the port defaults to 5432;
     * a query string (e.g. {@code sslmode=require}) is passed on.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static Database parse(String databaseUrl) {
        URI uri;
        try {
            uri = new URI(databaseUrl.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("DATABASE_URL is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme();
        if (!"postgresql".equals(scheme) && !"postgres".equals(scheme)) {
            throw new IllegalArgumentException(
                    "DATABASE_URL must look like postgresql://user:password@host:port/db");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("DATABASE_URL has no host");
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("DATABASE_URL has no database name");
        }
        String user = "postgres";
        String password = "";
        String userInfo = uri.getUserInfo(); // already percent-decoded
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            password = colon < 0 ? "" : userInfo.substring(colon + 1);
        }
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        return new Database(uri.getHost(), port, path, user, password, uri.getRawQuery(), true);
    }

    /** {@code PLATFORM_DATABASE_URL}: the server and database without driver prefix or credentials. */
    public String serviceUrl() {
        return "postgresql://" + host + ":" + port + "/" + name + (query == null ? "" : "?" + query);
    }

    public String jdbcUrl() {
        return "jdbc:" + serviceUrl();
    }

    public String address() {
        return host + ":" + port;
    }
}
