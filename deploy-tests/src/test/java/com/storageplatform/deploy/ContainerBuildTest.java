package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.storageplatform.deploy.support.Dockerfile;
import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.PlatformServices;
import com.storageplatform.deploy.support.RepositoryPaths;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The container build, checked without a Docker engine: docker/Dockerfile builds a non-root image of any
 * service's jar, and docker/build-images.sh builds exactly the services the chart deploys.
 */
class ContainerBuildTest {

    /** The variables the JVM reads by itself, and announces on stderr when it does. */
    private static final List<String> JVM_ANNOUNCED = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    @Test
    void theBaseImageIsPinnedToATagOtherThanLatest() throws IOException {
        Dockerfile dockerfile = Dockerfile.read(RepositoryPaths.dockerfile());

        String from = dockerfile.all("FROM").get(0).arguments().split("\\s+")[0];
        String image = from.equals("${BASE_IMAGE}") ? dockerfile.argumentDefault("BASE_IMAGE").orElseThrow() : from;
        String afterRepository = image.substring(image.lastIndexOf('/') + 1);
        assertThat(afterRepository).as(image).contains(":");
        assertThat(afterRepository.substring(afterRepository.indexOf(':') + 1)).as(image).isNotEqualTo("latest");
        assertThat(image).startsWith("eclipse-temurin:17-jre");
    }

    @Test
    void theImageRunsAsANumericNonRootUser() throws IOException {
        Dockerfile dockerfile = Dockerfile.read(RepositoryPaths.dockerfile());

        String user = dockerfile.last("USER").orElseThrow().arguments();
        assertThat(user).matches("[0-9]+(:[0-9]+)?");
        assertThat(Integer.parseInt(user.split(":")[0])).isEqualTo(10001);
        // The user is the last word: nothing after it runs as root.
        List<Dockerfile.Instruction> instructions = dockerfile.instructions();
        assertThat(instructions.subList(instructions.indexOf(dockerfile.last("USER").get()), instructions.size()))
                .extracting(Dockerfile.Instruction::keyword).doesNotContain("RUN", "COPY", "ADD");
    }

    @Test
    void theImageRunsTheJarOfTheServiceItIsBuiltFor() throws IOException {
        Dockerfile dockerfile = Dockerfile.read(RepositoryPaths.dockerfile());

        assertThat(dockerfile.all("ARG")).extracting(Dockerfile.Instruction::arguments).contains("SERVICE");
        assertThat(dockerfile.all("COPY")).singleElement()
                .satisfies(copy -> assertThat(copy.arguments()).contains("${SERVICE}/target/${SERVICE}.jar "));
        List<String> entrypoint = entrypoint(dockerfile);
        assertThat(entrypoint).hasSizeGreaterThanOrEqualTo(3);
        assertThat(entrypoint.subList(0, 2)).containsExactly("/bin/sh", "-c");
        // exec: java replaces the shell, so it is the process that receives SIGTERM and shuts down gracefully.
        assertThat(entrypoint.get(2)).startsWith("set -f; exec java $JAVA_OPTS -jar /app/service.jar");
        assertThat(dockerfile.all("HEALTHCHECK")).isEmpty();
    }

    @Test
    void jvmFlagsTravelInAVariableTheJvmDoesNotAnnounce() throws IOException {
        Dockerfile dockerfile = Dockerfile.read(RepositoryPaths.dockerfile());
        Matcher variable = Pattern.compile("exec java \\$([A-Z_]+) ").matcher(entrypoint(dockerfile).get(2));
        assertThat(variable.find()).isTrue();
        String flags = variable.group(1);

        // The JVM prints "Picked up JAVA_TOOL_OPTIONS: ..." (likewise JDK_JAVA_OPTIONS) on stderr: not JSON.
        assertThat(flags).isNotIn(JVM_ANNOUNCED);
        assertThat(dockerfile.all("ENV")).extracting(Dockerfile.Instruction::arguments)
                .anySatisfy(env -> assertThat(env).contains(flags + "=\"-XX:MaxRAMPercentage=65"))
                .noneSatisfy(env -> assertThat(env).containsAnyOf(JVM_ANNOUNCED.toArray(String[]::new)));
        for (ValueSet valueSet : ValueSet.values()) {
            Manifests manifests = HelmChart.render(valueSet);
            for (String service : PlatformServices.ALL) {
                assertThat(manifests.config(service)).as(valueSet + " " + service).containsKey(flags)
                        .doesNotContainKeys(JVM_ANNOUNCED.toArray(String[]::new));
            }
        }
    }

    @Test
    void theImageExposesThePortsTheChartProbesAndScrapes() throws IOException {
        Dockerfile dockerfile = Dockerfile.read(RepositoryPaths.dockerfile());
        var ports = HelmChart.render(ValueSet.DEFAULTS).container("gateway").getPorts();
        int chartPort = ports.get(0).getContainerPort();

        assertThat(dockerfile.all("EXPOSE")).extracting(Dockerfile.Instruction::arguments)
                .containsExactly(chartPort + " " + ports.get(1).getContainerPort());
        assertThat(dockerfile.all("ENV")).extracting(Dockerfile.Instruction::arguments)
                .anySatisfy(env -> assertThat(env).contains("SERVER_PORT=" + chartPort));
    }

    @Test
    void theScriptBuildsExactlyTheServicesTheChartDeploys() throws IOException {
        List<String> scripted = servicesOfBuildScript();
        List<String> deployed = HelmChart.render(ValueSet.DEFAULTS).all(Deployment.class).stream()
                .map(deployment -> deployment.getMetadata().getLabels().get("app.kubernetes.io/component"))
                .toList();
        List<String> configured = new ArrayList<>();
        new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.chart().resolve("values.yaml").toFile())
                .get("services").fieldNames().forEachRemaining(configured::add);

        assertThat(scripted).containsExactlyElementsOf(PlatformServices.ALL)
                .containsExactlyInAnyOrderElementsOf(deployed)
                .containsExactlyInAnyOrderElementsOf(configured);
    }

    @Test
    void everyImageIsTheJarOfAModuleOfTheBuild() throws Exception {
        Document rootPom = parse(RepositoryPaths.root().resolve("pom.xml"));
        List<String> modules = texts(rootPom.getElementsByTagName("module"));
        // Every module's jar is named after its artifactId, as the Dockerfile expects.
        assertThat(texts(rootPom.getElementsByTagName("finalName"))).containsExactly("${project.artifactId}");

        for (String service : servicesOfBuildScript()) {
            assertThat(modules).as("root pom modules").contains(service);
            Element project = parse(RepositoryPaths.root().resolve(service).resolve("pom.xml")).getDocumentElement();
            assertThat(directChild(project, "artifactId")).as(service).isEqualTo(service);
        }
    }

    @Test
    void theScriptTagsImagesLikeTheChartNamesThem() throws IOException {
        String script = Files.readString(RepositoryPaths.buildImagesScript());
        JsonNode image = new ObjectMapper(new YAMLFactory())
                .readTree(RepositoryPaths.chart().resolve("values.yaml").toFile()).get("image");

        assertThat(script).contains("REGISTRY=\"${REGISTRY:-" + image.get("registry").asText() + "}\"")
                .contains("REPOSITORY=\"${REPOSITORY:-" + image.get("repository").asText() + "}\"")
                .contains("$REGISTRY/$REPOSITORY/$service:$TAG")
                // The default tag is the chart's appVersion, the image.tag default.
                .contains("helm/storage-platform/Chart.yaml")
                .doesNotContain(":latest");
        assertThat(Files.isExecutable(RepositoryPaths.buildImagesScript())).isTrue();
    }

    /** The exec form of the last ENTRYPOINT, as its JSON array. */
    private static List<String> entrypoint(Dockerfile dockerfile) throws IOException {
        List<String> words = new ArrayList<>();
        new ObjectMapper().readTree(dockerfile.last("ENTRYPOINT").orElseThrow().arguments())
                .forEach(word -> words.add(word.asText()));
        return words;
    }

    /** The SERVICES=( ... ) array of docker/build-images.sh. */
    private static List<String> servicesOfBuildScript() throws IOException {
        Matcher array = Pattern.compile("(?s)\\nSERVICES=\\((.*?)\\)")
                .matcher(Files.readString(RepositoryPaths.buildImagesScript()));
        assertThat(array.find()).as("SERVICES=( ... ) in build-images.sh").isTrue();
        return Arrays.stream(array.group(1).split("\\s+")).filter(word -> !word.isBlank()).toList();
    }

    private static Document parse(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static List<String> texts(NodeList nodes) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().strip());
        }
        return texts;
    }

    private static String directChild(Element parent, String name) {
        for (int i = 0; i < parent.getChildNodes().getLength(); i++) {
            if (parent.getChildNodes().item(i) instanceof Element child && child.getTagName().equals(name)) {
                return child.getTextContent().strip();
            }
        }
        return null;
    }
}
