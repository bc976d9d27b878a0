from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from memory_review import views
from memory_review.login import AdminLoginForm, LoginView

# The admin's own login page gets the same slow-down as ours.
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    # Health for load balancers (no login, no data)
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    # Accounts
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Language: the header's switcher posts here; the pages' scripts read their texts here.
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # Staff manage users and roles here.
    path("admin/", admin.site.urls),
    # Ingest API (token auth, no session)
    path("api/v1/", include("conversations.api_urls")),
    # Pages
    path("conversations/", include("conversations.urls")),
    path("extraction/", include("memory_review.extraction.urls")),
    path("", include("memory_review.review.urls")),
]
