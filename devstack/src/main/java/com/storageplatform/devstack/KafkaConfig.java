package com.storageplatform.devstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * server.properties of the single-node Kafka: KRaft, one process that is broker and controller, listening on
 * 127.0.0.1 only.
 */
public final class KafkaConfig {

    static final int NODE_ID = 1;

    private KafkaConfig() {
    }

    /**
     * The broker settings. The controller quorum is static ({@code controller.quorum.voters}) rather than
     * bootstrapped with {@code --standalone}: a dynamic quorum stores the controller's endpoint in the metadata
     * log, which would go stale when the same data directory is started with another base port.
     */
    public static Map<String, String> properties(Ports ports, Path dataDir) {
        return properties(ports.kafka(), ports.kafkaController(), dataDir);
    }

    /** The same settings on any two ports (platform-kit's outage tests run such a broker). */
    public static Map<String, String> properties(int port, int controllerPort, Path dataDir) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", Integer.toString(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        p.put("log.dirs", dataDir.toAbsolutePath().toString());
        // Services publish to <service>.events without provisioning topics.
        p.put("auto.create.topics.enable", "true");
        p.put("num.partitions", "3");
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        // One broker: every internal topic must make do with one replica.
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        // Fewer partitions than the default 50 so the first consumer group is created quickly on a laptop.
        p.put("offsets.topic.num.partitions", "10");
        // Consumers join at once instead of waiting 3 s for more members that never come.
        p.put("group.initial.rebalance.delay.ms", "0");
        return p;
    }

    public static String render(Map<String, String> properties) {
        StringBuilder out = new StringBuilder("# Written by the devstack on every start; edits are overwritten.\n");
        properties.forEach((key, value) -> out.append(key).append('=').append(escape(value)).append('\n'));
        return out.toString();
    }

    /** A data directory is formatted once; {@code meta.properties} is what StorageTool leaves behind. */
    public static boolean isFormatted(Path dataDir) {
        return Files.exists(dataDir.resolve("meta.properties"));
    }

    /** Backslashes are the one thing in a properties value that would be misread (Windows-style paths). */
    private static String escape(String value) {
        return value.replace("\\", "\\\\");
    }
}
