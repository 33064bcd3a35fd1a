package com.storageplatform.webhooks.payload;

import tools.jackson.databind.node.ObjectNode;

/**
 * An older payload version: how to turn {@code data} of the version just newer than this one into this
 * version's shape. A bean of this type adds a version; {@link ApiVersions} chains them.
 */
public interface PayloadVersion {

    /** The version's date, {@code YYYY-MM-DD}. */
    String version();

    /** Rewrites {@code data} (a copy, free to change) from the next newer version into this one. */
    ObjectNode downgrade(String eventType, ObjectNode data);
}
