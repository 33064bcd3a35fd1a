package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.deploy.support.InvalidManifestException;
import com.storageplatform.deploy.support.ManifestParser;
import com.storageplatform.deploy.support.Manifests;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.strimzi.api.kafka.model.kafka.Kafka;
import org.junit.jupiter.api.Test;

/** The checks every rendering goes through refuse what a cluster would refuse. */
class ManifestParserTest {

    private static final String DEPLOYMENT = """
            ---
            # Source: storage-platform/templates/deployment.yaml
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: web
            spec:
              replicas: 2
              selector:
                matchLabels: {app: web}
              template:
                metadata:
                  labels: {app: web}
                spec:
                  containers:
                    - name: web
                      image: registry.example.com/web:1.0.0
                      ports:
                        - containerPort: 8080
                      env:
                        - name: SERVER_PORT
                          value: "8080"
            """;

    @Test
    void aValidDocumentParsesIntoItsModelType() {
        Manifests manifests = ManifestParser.parse(DEPLOYMENT);

        assertThat(manifests.get(Deployment.class, "web").getSpec().getReplicas()).isEqualTo(2);
    }

    @Test
    void anUnknownKindIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT.replace("kind: Deployment", "kind: Deploymnet")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("deployment.yaml")
                .hasMessageContaining("unknown kind apps/v1 Deploymnet");
    }

    @Test
    void anUnknownApiVersionIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT.replace("apps/v1", "apps/v2")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("unknown kind apps/v2 Deployment");
    }

    @Test
    void anUnknownFieldIsRefused() {
        String typo = DEPLOYMENT.replace("\n          ports:", "\n          livenesProbe: {}\n          ports:");

        assertThatThrownBy(() -> ManifestParser.parse(typo))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("Unrecognized field \"livenesProbe\"");
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT.replace("replicas: 2", "replicas: two")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("Integer");
    }

    @Test
    void aNumberWhereKubernetesWantsAStringIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT.replace("value: \"8080\"", "value: 8080")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("String");
    }

    @Test
    void aMissingRequiredFieldIsRefused() {
        String noImage = DEPLOYMENT.replace("\n          image: registry.example.com/web:1.0.0", "");

        assertThatThrownBy(() -> ManifestParser.parse(noImage))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("required fields missing")
                .hasMessageContaining("containers[0]: image");
    }

    @Test
    void aResourceWithoutANameIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT.replace("  name: web\nspec:", "  labels: {}\nspec:")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("metadata.name");
    }

    @Test
    void theSameResourceTwiceIsRefused() {
        assertThatThrownBy(() -> ManifestParser.parse(DEPLOYMENT + DEPLOYMENT))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("Rendered twice");
    }

    @Test
    void strimziKindsAreCheckedAgainstStrimzisModel() {
        String kafka = """
                apiVersion: kafka.strimzi.io/v1beta2
                kind: Kafka
                metadata: {name: events}
                spec:
                  kafka:
                    listeners:
                      - {name: tls, port: 9093, type: internal, tls: true}
                """;

        assertThat(ManifestParser.parse(kafka).all(Kafka.class)).hasSize(1);
        assertThatThrownBy(() -> ManifestParser.parse(kafka.replace("type: internal", "typ: internal")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("Unrecognized field \"typ\"");
        assertThatThrownBy(() -> ManifestParser.parse(kafka.replace("port: 9093, ", "")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("listeners[0]: port");
    }

    @Test
    void aCloudNativePgClusterIsCheckedByHand() {
        String cluster = """
                apiVersion: postgresql.cnpg.io/v1
                kind: Cluster
                metadata: {name: db}
                spec:
                  instances: 3
                  storage: {size: 10Gi}
                """;

        assertThat(ManifestParser.parse(cluster).resources()).hasSize(1);
        assertThatThrownBy(() -> ManifestParser.parse(cluster.replace("instances: 3", "instances: \"3\"")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("spec.instances");
        assertThatThrownBy(() -> ManifestParser.parse(cluster.replace("storage: {size: 10Gi}", "storage: {}")))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("spec.storage.size");
        assertThatThrownBy(() -> ManifestParser.parse(cluster + "  postgresql: {parameters: {max_connections: 400}}\n"))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("spec.postgresql.parameters.max_connections: a string is required");
        assertThatThrownBy(() -> ManifestParser.parse(cluster + "  instancess: 2\n"))
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("spec.instancess: unknown field");
    }
}
