"""Security: the policy (identity + permission matrix) and the JWT codec."""

from workbench.security.policy import WorkbenchSecurityPolicy
from workbench.security.tokens import JWTCodec


def includeme(config):
    settings = config.get_settings()
    codec = JWTCodec(settings["workbench.secret"], int(settings["workbench.jwt.expiration"]))
    config.registry["jwt_codec"] = codec
    config.set_security_policy(WorkbenchSecurityPolicy(codec))
    config.set_root_factory("workbench.security.contexts.RootContext")
