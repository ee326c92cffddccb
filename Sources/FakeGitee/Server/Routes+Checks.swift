import Foundation

/// Check runs (`../shared/gitee/spec`, tag "Checks"): `GET /v5/repos/:owner/:repo/commits/:ref/check-runs`,
/// `.../check-runs/:check_run_id` and `.../check-runs/:check_run_id/annotations`, read-only, for the head commits of
/// the project's pull requests (`CheckRuns`). Private projects are hidden before these run (`hiddenRepository`), as for
/// every repository route. The lists are bare arrays with `total_count` / `total_page` headers, like Gitee's other
/// paged lists (assumed: the description types them as one object; docs/FAKE-GITEE.md, "Check runs").
extension FakeGiteeServer {
    func registerCheckRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/commits/:ref/check-runs") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            var runs = CheckRuns.of(ref: parameters["ref"] ?? "", in: state.pullRequests(of: project))
            if let name = request.query["check_name"], !name.isEmpty { runs = runs.filter { $0.name == name } }
            if let status = request.query["status"], !status.isEmpty { runs = runs.filter { $0.status == status } }
            let (slice, headers) = Paging.numbered(runs, request)
            let renderer = renderer
            return .json(.array(slice.map { renderer.checkRun($0, project: project) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/check-runs/:check_run_id") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let run = checkRun(parameters, of: project) else { return .notFound("Check Run Not Found") }
            return .json(renderer.checkRun(run, project: project))
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/check-runs/:check_run_id/annotations") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let run = checkRun(parameters, of: project) else { return .notFound("Check Run Not Found") }
            let (slice, headers) = Paging.numbered(run.annotations, request)
            let renderer = renderer
            return .json(.array(slice.map { renderer.checkAnnotation($0, run: run, project: project) }), headers: headers)
        }
    }

    private func checkRun(_ parameters: [String: String], of project: FakeProject) -> FakeCheckRun? {
        guard let id = Int(parameters["check_run_id"] ?? "") else { return nil }
        return state.pullRequests(of: project).lazy.flatMap { CheckRuns.of($0) }.first { $0.id == id }
    }
}

/// Check runs in the description's `CheckRun` and `CheckAnnotation` shapes (every property present; `output` with the
/// create call's `title`, `summary`, `text`, and `annotations_count`, assumed after the create call's form).
extension Renderer {
    func checkRun(_ run: FakeCheckRun, project: FakeProject) -> JSON {
        let fullName = world.fullName(of: project)
        return .object([
            ("id", .int(run.id)), ("head_sha", .string(run.headSHA)),
            ("url", .string("\(api)/repos/\(fullName)/check-runs/\(run.id)")),
            ("html_url", .string("\(base)/\(fullName)/check_runs/\(run.id)")),
            ("details_url", .string("\(base)/\(fullName)/check_runs/\(run.id)/details")),
            ("status", .string(run.status)), ("conclusion", run.conclusion.map(JSON.string) ?? .null),
            ("started_at", .string(giteeTime(run.startedAt))),
            ("completed_at", run.completedAt.map { .string(giteeTime($0)) } ?? .null),
            ("output", .object([("title", .string(run.title)), ("summary", .string(run.summary)), ("text", .null),
                                ("annotations_count", .int(run.annotations.count))])),
            ("name", .string(run.name)),
        ])
    }

    func checkAnnotation(_ note: FakeCheckAnnotation, run: FakeCheckRun, project: FakeProject) -> JSON {
        .object([
            ("path", .string(note.path)), ("start_line", .int(note.startLine)), ("end_line", .int(note.endLine)),
            ("start_column", .int(1)), ("end_column", .int(1)), ("annotation_level", .string(note.level)),
            ("title", .string(note.title)), ("message", .string(note.message)), ("raw_details", .string("")),
            ("blob_href", .string("\(base)/\(world.fullName(of: project))/blob/\(run.headSHA)/\(note.path)")),
        ])
    }
}
