package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.storageplatform.deploy.support.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** helm/README.md documents every value of values.yaml, and documents no value that does not exist. */
class ReadmeTest {

    /** Maps whose keys are the user's own: the map is documented, not each key. */
    private static final Set<String> FREE_FORM = Set.of("resources", "annotations", "labels", "podAnnotations",
            "podLabels", "nodeSelector", "affinity", "env", "secretEnv", "parameters");
    private static final Pattern SERVICE_PATH = Pattern.compile("^services\\.[^.]+\\.");
    private static final Pattern FIRST_CELL = Pattern.compile("(?m)^\\| (`[^|]+`)( / `[^|]+`)* \\|");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    private static String readme;
    private static List<String> valuePaths;

    @BeforeAll
    static void read() throws IOException {
        readme = Files.readString(RepositoryPaths.chartReadme());
        JsonNode values = new ObjectMapper(new YAMLFactory())
                .readTree(RepositoryPaths.chart().resolve("values.yaml").toFile());
        valuePaths = new ArrayList<>();
        collect(values, "", valuePaths);
    }

    @Test
    void everyValueIsDocumented() {
        assertThat(valuePaths).hasSizeGreaterThan(100).allSatisfy(path -> {
            // A service's own setting is documented once, for all of them.
            String generic = SERVICE_PATH.matcher(path).replaceFirst("services.<service>.");
            String asDefault = SERVICE_PATH.matcher(path).replaceFirst("serviceDefaults.");
            assertThat(readme).as(path).containsAnyOf("`" + path + "`", "`" + generic + "`", "`" + asDefault + "`");
        });
    }

    @Test
    void everyDocumentedValueExists() {
        Matcher rows = FIRST_CELL.matcher(readme.substring(readme.indexOf("## Values")));
        List<String> documented = new ArrayList<>();
        while (rows.find()) {
            Matcher code = CODE.matcher(rows.group());
            while (code.find()) {
                documented.add(code.group(1));
            }
        }
        assertThat(documented).hasSizeGreaterThan(100).allSatisfy(path -> assertThat(valuePaths).as(path)
                .anyMatch(known -> known.equals(path)
                        || SERVICE_PATH.matcher(known).replaceFirst("services.<service>.").equals(path)));
    }

    private static void collect(JsonNode node, String path, List<String> paths) {
        String last = path.substring(path.lastIndexOf('.') + 1);
        if (node.isObject() && !node.isEmpty() && !FREE_FORM.contains(last)) {
            node.fieldNames().forEachRemaining(
                    name -> collect(node.get(name), path.isEmpty() ? name : path + "." + name, paths));
        } else {
            paths.add(path);
        }
    }
}
