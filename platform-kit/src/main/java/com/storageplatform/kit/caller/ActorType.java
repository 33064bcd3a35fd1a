package com.storageplatform.kit.caller;

import com.fasterxml.jackson.annotation.JsonValue;

/** Who acts: an integration (API key, OAuth client, static token), staff, the platform admin, or a provider. */
public enum ActorType {
    API("api"),
    STAFF("staff"),
    PLATFORM_ADMIN("platform_admin"),
    PROVIDER("provider");

    private final String value;

    ActorType(String value) {
        this.value = value;
    }

    @JsonValue
    public String value() {
        return value;
    }

    public static ActorType of(String value) {
        for (ActorType type : values()) {
            if (type.value.equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Unknown actor type: " + value);
    }
}
