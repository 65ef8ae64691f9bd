package io.redcron.domain;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Environment variables that make a program load or run code it was not asked to: the dynamic
 * loader's, the shells' start-up and tracing hooks, and the interpreters' module paths and option
 * variables. A task may set none of them, on any node, whatever its configuration says: with any
 * one of them an allowed command runs something else ({@code BASH_ENV} for every bash script,
 * {@code LD_PRELOAD} for every dynamically linked program, {@code PYTHONSTARTUP}, …).
 *
 * <p>The list is checked when a task is saved and again by every node before it starts a process,
 * since a task row may be written by anyone with access to the table.
 */
public final class ForbiddenVariables {
    private static final Set<String> NAMES = Set.of(
            // the dynamic loader and the C library
            "GCONV_PATH", "GETCONF_DIR", "GLIBC_TUNABLES", "HOSTALIASES", "LOCALDOMAIN", "LOCPATH", "NLSPATH",
            "RESOLV_HOST_CONF", "RES_OPTIONS", "OPENSSL_CONF", "OPENSSL_ENGINES", "OPENSSL_MODULES",
            // shells: start-up files, options, traps and prompts that run commands
            "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "GLOBIGNORE",
            "EXECIGNORE", "BASH_XTRACEFD", "BASH_LOADABLES_PATH", "ZDOTDIR", "FPATH", "KSH_ENV", "SHELL",
            // interpreters and runtimes
            "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONUSERBASE", "PYTHONBREAKPOINT",
            "PYTHONWARNINGS", "PYTHONEXECUTABLE", "PYTHONPLATLIBDIR", "PERL5LIB", "PERLLIB", "PERL5OPT", "PERL5DB",
            "PERL_MB_OPT", "PERL_MM_OPT", "RUBYLIB", "RUBYOPT", "RUBYSHELL", "NODE_OPTIONS", "NODE_PATH",
            "NODE_REPL_EXTERNAL_MODULE", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "JAVA_OPTIONS",
            "CLASSPATH", "PHPRC", "PHP_INI_SCAN_DIR", "LUA_PATH", "LUA_CPATH", "TCLLIBPATH", "R_PROFILE",
            "R_PROFILE_USER", "R_ENVIRON", "R_ENVIRON_USER", "GEM_HOME", "GEM_PATH", "RUBYGEMS_GEMDEPS",
            "DOTNET_STARTUP_HOOKS", "CORECLR_PROFILER", "CORECLR_PROFILER_PATH", "CORECLR_ENABLE_PROFILING",
            // tools that run a configured program
            "SSH_ASKPASS", "SUDO_ASKPASS", "PAGER", "EDITOR", "VISUAL", "BROWSER", "LESSOPEN", "LESSCLOSE",
            "MANPAGER", "SYSTEMD_PAGER", "TAR_OPTIONS", "GZIP", "XZ_DEFAULTS", "WGETRC", "CURL_HOME");
    private static final List<String> PREFIXES = List.of(
            "LD_", "DYLD_", "MALLOC_", "BASH_FUNC_", "GIT_", "LUA_INIT", "PERL5", "NPM_CONFIG_");

    private ForbiddenVariables() {
    }

    /** Why no task may set {@code name}; empty when it may. Names are compared case-sensitively, as the OS does. */
    public static Optional<String> reason(String name) {
        if (NAMES.contains(name)) {
            return Optional.of(name + " makes programs load or run other code");
        }
        for (String prefix : PREFIXES) {
            if (name.startsWith(prefix)) {
                return Optional.of(name + " is one of the " + prefix + "* variables, which make programs load or run other code");
            }
        }
        return Optional.empty();
    }
}
