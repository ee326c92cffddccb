import Foundation

extension FakeGiteeServer {
    static let loginRequired = FakeResponse.error(401, "401 Unauthorized: Access token does not exist")

    func registerPeopleRoutes() {
        router.add("GET", "/api/v5/user") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            return .json(renderer.userDetail(viewer, isSelf: true))
        }
        router.add("GET", "/api/v5/user/repos") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            return projectList((world.projectsByOwner[viewer.id] ?? []).map { world.projects[$0].id }, request, byID: false)
        }
        router.add("GET", "/api/v5/user/starred") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            return projectList(state.starredProjects(of: viewer.id), request, byID: false)
        }
        router.add("GET", "/api/v5/user/subscriptions") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            return projectList(state.watchedProjects(of: viewer.id), request, byID: false)
        }
        router.add("GET", "/api/v5/users/:login") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            return .json(renderer.userDetail(user, isSelf: user.id == request.viewer?.id))
        }
        router.add("GET", "/api/v5/users/:login/repos") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            return projectList((world.projectsByOwner[user.id] ?? []).map { world.projects[$0].id }, request, byID: false)
        }
        router.add("GET", "/api/v5/orgs/:org/repos") { [unowned self] request, parameters in
            guard let org = world.user(login: parameters["org"] ?? ""), org.isOrganization else { return .notFound("Group Not Found") }
            // `type` all (default) / public / private (spec); private ones only for members, with their token
            // (GITEE-API.md "Organisations").
            let hidden = world.privateProjects.filter { $0.ownerID == org.id && world.isVisible($0, to: request.viewer) }
            let open = (world.projectsByOwner[org.id] ?? []).map { world.projects[$0].id }
            let ids: [Int]
            switch request.query["type"] ?? "all" {
            case "public": ids = open
            case "private": ids = hidden.map(\.id)
            default: ids = hidden.map(\.id) + open
            }
            return projectList(ids, request, byID: false)
        }
        router.add("GET", "/api/v5/orgs/:org") { [unowned self] _, parameters in
            guard let org = world.user(login: parameters["org"] ?? ""), org.isOrganization else { return .notFound("Group Not Found") }
            return .json(organizationJSON(org))
        }
        router.add("GET", "/api/v5/users/:login/starred") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            return projectList(state.starredProjects(of: user.id), request, byID: true)
        }
        router.add("GET", "/api/v5/users/:login/subscriptions") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            return projectList(state.watchedProjects(of: user.id), request, byID: true)
        }
        router.add("GET", "/api/v5/users/:login/events") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            return eventList(state.userEvents(of: user), request)
        }
        router.add("GET", "/api/v5/users/:login/received_events") { [unowned self] request, parameters in
            guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
            // The feed of a few people this user "follows", merged newest first.
            var random = SeededRandom(seed: world.seed, UInt64(user.id), 31)
            let followed = (0..<5).compactMap { _ in world.user(id: random.int(1...world.users.count)) }
            let events = followed.flatMap { state.userEvents(of: $0) }.sorted { $0.time > $1.time }
            return eventList(events, request)
        }
        for relation in ["followers", "following"] {
            router.add("GET", "/api/v5/users/:login/\(relation)") { [unowned self] request, parameters in
                guard let user = world.user(login: parameters["login"] ?? "") else { return .notFound("User Not Found") }
                return userList(relation == "followers" ? state.followers(of: user) : state.following(of: user), request)
            }
            router.add("GET", "/api/v5/user/\(relation)") { [unowned self] request, _ in
                guard let viewer = request.viewer else { return Self.loginRequired }
                return userList(relation == "followers" ? state.followers(of: viewer) : state.following(of: viewer), request)
            }
        }
        router.add("POST", "/oauth/token") { [unowned self] request, _ in
            authority.grant(request.query.merging(request.form) { $1 })  // Gitee documents the refresh fields in the query
        }
    }

    private func projectList(_ ids: [Int], _ request: FakeRequest, byID: Bool) -> FakeResponse {
        let (slice, headers) = byID ? Paging.afterID(ids, id: { $0 }, request, strict: strict) : Paging.numbered(ids, request)
        let renderer = self.renderer
        return .json(.array(slice.compactMap { world.project(id: $0).map { renderer.project($0, viewerID: request.viewer?.id) } }),
                     headers: headers)
    }

    private func userList(_ ids: [Int], _ request: FakeRequest) -> FakeResponse {
        let (slice, headers) = Paging.numbered(ids, request)
        let renderer = self.renderer
        return .json(.array(slice.compactMap { world.user(id: $0).map(renderer.userBasic) }), headers: headers)
    }

    private func eventList(_ events: [JSONEventSeed], _ request: FakeRequest) -> FakeResponse {
        let (slice, headers) = Paging.afterID(events, id: \.id, request, strict: strict)
        let renderer = self.renderer
        return .json(.array(slice.map { renderer.event($0) }), headers: headers)
    }
}
