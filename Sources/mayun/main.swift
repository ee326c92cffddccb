import ArgumentParser
import Foundation
import GiteeKit
import GLibRuntime
import MayunBenchProbes
import MayunCore
import GtkKit
import MayunShell
import MayunUI

/// The composition root: reads the command line and environment, then hands over to the GTK application.
struct MayunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mayun",
        abstract: "Mayun, a desktop client for Gitee.",
        discussion: "The Gitee site can also be chosen with the MAYUN_SERVER environment variable.",
        version: AppVersion.current)

    @Option(name: .long, help: ArgumentHelp("The Gitee site to use.", valueName: "URL"))
    var server: String?

    @Flag(name: .long, help: "Start hidden, checking notifications (how the session starts Mayun when Run in the Background is on).")
    var background = false

    @Argument(help: ArgumentHelp(
        "Gitee links to open: a project, a folder (/tree/...), a file (/blob/...), an issue or a person.",
        valueName: "link"))
    var links: [String] = []

    func validate() throws {
        if let server, AppEnvironment.parseServer(server) == nil {
            throw ValidationError("'\(server)' is not an http(s) URL.")
        }
    }

}

// Before anything else can read the environment or start a program: the token leaves it (EnvironmentToken).
let environmentToken = EnvironmentToken.take()
// Before the first task: Swift's tasks and sleeps run on GLib threads, so libdispatch never starts the workers whose
// monitor would wake the process every second (GLibRuntime's GlobalExecutor says why).
GlobalExecutor.install()
StartupSteps.mark("main")
let command = MayunCommand.parseOrExit()
StartupSteps.mark("arguments")
// Everything Mayun writes under the XDG folders (offline store, drafts, cached images and HTTP answers, settings) is
// private to the person: files the libraries create themselves (libsoup's cache entries, GLib's keyfile) get 0600
// and folders 0700 too. Files saved with "Save as" set their own mode.
umask(0o077)
// Every option and MAYUN_* variable the app acts on, read here and nowhere below (the benchmark probes, installed
// only under `make bench`, read their own MAYUN_BENCH_* variables).
var options = LaunchOptions.read(server: command.server, token: environmentToken)
options.environment.startsInBackground = command.background
let resources = AppResources.locate(dataDirectory: options.dataDirectory)
Localization.setUp(catalogDirectory: resources.catalogDirectory?.path)
StartupSteps.mark("locale")
if options.runsBenchmarkProbes { MainActor.assumeIsolated { BenchmarkProbes.install() } }
let status = MainActor.assumeIsolated {
    MayunApplication(options: options, resources: resources,
                     makeServices: { makeServices(options: options, resources: resources) }).run(opening: command.links)
}
exit(status)
