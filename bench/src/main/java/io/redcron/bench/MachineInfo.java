package io.redcron.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The machine the figures were measured on, from /proc and the JVM. */
public final class MachineInfo {
    private MachineInfo() {
    }

    public static Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> cpuinfo = lines("/proc/cpuinfo");
        facts.put("CPU", cpuinfo.stream().filter(line -> line.startsWith("model name")).findFirst()
                .map(line -> line.substring(line.indexOf(':') + 1).trim()).orElse("unknown"));
        facts.put("Cores", Runtime.getRuntime().availableProcessors() + " available to the JVM, "
                + cpuinfo.stream().filter(line -> line.startsWith("processor")).count() + " online");
        facts.put("RAM", lines("/proc/meminfo").stream().filter(line -> line.startsWith("MemTotal"))
                .findFirst().map(line -> gib(line)).orElse("unknown"));
        facts.put("OS", lines("/etc/os-release").stream().filter(line -> line.startsWith("PRETTY_NAME="))
                .findFirst().map(line -> line.substring(12).replace("\"", "")).orElse(System.getProperty("os.name"))
                + ", kernel " + String.join("", lines("/proc/sys/kernel/osrelease")).trim());
        facts.put("JDK", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        facts.put("Load average at start", loadAverage());
        return facts;
    }

    /** The 1, 5 and 15 minute load averages: above the number of cores, other work competed for them. */
    public static String loadAverage() {
        String[] fields = String.join("", lines("/proc/loadavg")).trim().split("\\s+");
        return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
    }

    private static String gib(String memTotalLine) {
        long kb = Long.parseLong(memTotalLine.replaceAll("\\D", ""));
        return String.format("%.1f GiB", kb / 1048576.0);
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            return List.of();
        }
    }
}
