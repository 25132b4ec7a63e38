#!/usr/bin/env python3
"""Generates genvk's entry-point, extension and feature tables from vk.xml.

Outputs (into --out-dir):
  gvk_entrypoints.h  prototypes of every gvk_<Command> the driver may define,
                     the extension enums and the lookup API;
  gvk_entrypoints.c  the sorted entry-point table (name, dispatch level, core
                     version or providing extensions, driver function), the
                     extension property tables and the feature checker.

A command the driver does not define stays NULL in the table (its gvk_
symbol is declared weak here).  For core commands the table also holds a
generated fallback: the spec requires vkGet*ProcAddr to return every core
command of the version the driver reports, and an application calling one
that is not written yet gets a log line naming it and an error code vk.xml
allows for it, instead of a call through NULL.
Only the Python standard library is used.
"""

import argparse
import os
import xml.etree.ElementTree as ET

# Dispatch levels, by the type of a command's first parameter (Vulkan spec,
# "Command Function Pointers").
GLOBAL_COMMANDS = {
    'vkCreateInstance',
    'vkEnumerateInstanceExtensionProperties',
    'vkEnumerateInstanceLayerProperties',
    'vkEnumerateInstanceVersion',
}
LEVEL_BY_HANDLE = {
    'VkInstance': 'GVK_LEVEL_INSTANCE',
    'VkPhysicalDevice': 'GVK_LEVEL_PHYSICAL_DEVICE',
    'VkDevice': 'GVK_LEVEL_DEVICE',
    'VkQueue': 'GVK_LEVEL_DEVICE',
    'VkCommandBuffer': 'GVK_LEVEL_DEVICE',
}


def for_vulkan(elem):
    """True unless the element is restricted to another API (vulkansc)."""
    api = elem.get('api')
    return api is None or 'vulkan' in api.split(',')


def c_text(elem):
    """The C declaration text of a <proto> or <param>, comments dropped."""
    parts = [elem.text or '']
    for child in elem:
        if child.tag != 'comment':
            parts.append(child.text or '')
        parts.append(child.tail or '')
    return ' '.join(''.join(parts).split())


# Errors a fallback returns, in order of preference among the codes vk.xml
# allows for the command.
FALLBACK_ERRORS = ['VK_ERROR_FEATURE_NOT_PRESENT', 'VK_ERROR_INITIALIZATION_FAILED',
                   'VK_ERROR_OUT_OF_HOST_MEMORY']


REPORTED_VERSION = (1, 0)   # set from --api-version


def version_tuple(core):
    """(1, 2) for 'VK_API_VERSION_1_2'."""
    major, minor = core.rsplit('_', 2)[-2:]
    return int(major), int(minor)


class Command:
    def __init__(self, name, ret, params, first_type, errors=()):
        self.name = name
        self.ret = ret
        self.params = params
        self.first_type = first_type
        self.errors = list(errors)
        self.core = None          # 'VK_API_VERSION_1_x' or None
        self.extensions = []      # names of extensions providing it
        self.impl = None          # name of the driver function

    @property
    def fallback(self):
        """Name of the generated fallback: only core commands of the version
        the driver reports have one (a 1.1 command such as
        vkEnumerateInstanceVersion must stay absent from a 1.0 driver)."""
        if self.core and version_tuple(self.core) <= REPORTED_VERSION:
            return 'gvk_unimplemented_' + self.name[2:]
        return None

    def fallback_return(self):
        if self.ret == 'void':
            return ''
        if self.ret != 'VkResult':
            return ' 0'
        for e in FALLBACK_ERRORS:
            if e in self.errors:
                return ' ' + e
        return ' ' + (self.errors[0] if self.errors else 'VK_ERROR_OUT_OF_HOST_MEMORY')

    @property
    def level(self):
        if self.name in GLOBAL_COMMANDS:
            return 'GVK_LEVEL_GLOBAL'
        return LEVEL_BY_HANDLE.get(self.first_type, 'GVK_LEVEL_INSTANCE')


def parse_commands(root):
    commands = {}
    aliases = {}
    for cmd in root.find('commands').findall('command'):
        if not for_vulkan(cmd):
            continue
        if cmd.get('alias'):
            aliases[cmd.get('name')] = cmd.get('alias')
            continue
        proto = cmd.find('proto')
        name = proto.find('name').text
        ret = proto.find('type').text
        params = [p for p in cmd.findall('param') if for_vulkan(p)]
        first = params[0].find('type').text if params else ''
        errors = [e for e in cmd.get('errorcodes', '').split(',') if e]
        commands[name] = Command(name, ret, [c_text(p) for p in params], first,
                                 errors)
    for alias, target in aliases.items():
        t = commands[target]
        commands[alias] = Command(alias, t.ret, t.params, t.first_type, t.errors)
        commands[alias].impl = 'gvk_' + target[2:]
    for c in commands.values():
        if c.impl is None:
            c.impl = 'gvk_' + c.name[2:]
    return commands


def parse_features(root, commands):
    """Core versions of commands; only Vulkan (not Vulkan SC) versions."""
    for feat in root.findall('feature'):
        if 'vulkan' not in feat.get('api', 'vulkan').split(','):
            continue
        version = feat.get('name').replace('VK_VERSION_', 'VK_API_VERSION_')
        for req in feat.findall('require'):
            for c in req.findall('command'):
                cmd = commands.get(c.get('name'))
                if cmd is not None and cmd.core is None:
                    cmd.core = version


class Extension:
    def __init__(self, name, ext_type, spec_version):
        self.name = name
        self.type = ext_type
        self.spec_version = spec_version

    @property
    def enum(self):
        return 'GVK_EXT_' + self.name[3:]


def parse_extensions(root, commands):
    exts = []
    for ext in root.find('extensions').findall('extension'):
        supported = ext.get('supported', '').split(',')
        # Platform (WSI window system) and provisional extensions need headers
        # beyond vulkan_core.h; genvk will add them with WSI support.
        if 'vulkan' not in supported or ext.get('platform') or \
           ext.get('provisional') == 'true':
            continue
        spec_version = None
        for req in ext.findall('require'):
            for e in req.findall('enum'):
                if e.get('name', '').endswith('_SPEC_VERSION') and e.get('value'):
                    spec_version = e.get('value')
        x = Extension(ext.get('name'), ext.get('type'), spec_version or '1')
        exts.append(x)
        for req in ext.findall('require'):
            if not for_vulkan(req):
                continue
            for c in req.findall('command'):
                cmd = commands.get(c.get('name'))
                if cmd is not None and x.name not in cmd.extensions:
                    cmd.extensions.append(x.name)
    return exts


def parse_feature_members(root, struct_name):
    for t in root.find('types').findall('type'):
        if t.get('name') == struct_name:
            return [m.find('name').text for m in t.findall('member')
                    if m.find('type').text == 'VkBool32']
    raise SystemExit('vk.xml has no ' + struct_name)


def write_header(path, commands, exts):
    inst = [e for e in exts if e.type == 'instance']
    dev = [e for e in exts if e.type == 'device']
    out = []
    w = out.append
    w('/* Generated by scripts/gen_vk_entrypoints.py from vk.xml. */')
    w('#ifndef GVK_ENTRYPOINTS_H')
    w('#define GVK_ENTRYPOINTS_H')
    w('')
    w('#include <stdbool.h>')
    w('#include <vulkan/vulkan_core.h>')
    w('')
    w('enum gvk_dispatch_level {')
    w('   GVK_LEVEL_GLOBAL, GVK_LEVEL_INSTANCE, GVK_LEVEL_PHYSICAL_DEVICE,')
    w('   GVK_LEVEL_DEVICE,')
    w('};')
    w('')
    w('enum gvk_extension {')
    for e in inst:
        w(f'   {e.enum},')
    w('   GVK_INSTANCE_EXT_COUNT,')
    w(f'   GVK_DEVICE_EXT_FIRST = GVK_INSTANCE_EXT_COUNT,')
    for i, e in enumerate(dev):
        w(f'   {e.enum}' + (' = GVK_DEVICE_EXT_FIRST,' if i == 0 else ','))
    w('   GVK_EXT_COUNT,')
    w('};')
    w('#define GVK_DEVICE_EXT_COUNT (GVK_EXT_COUNT - GVK_DEVICE_EXT_FIRST)')
    w('')
    w('/* Name and spec version of every extension, indexed by gvk_extension. */')
    w('extern const VkExtensionProperties gvk_extensions[GVK_EXT_COUNT];')
    w('')
    w('/* A set of extensions (supported by a device, or enabled). */')
    w('struct gvk_extension_set { bool has[GVK_EXT_COUNT]; };')
    w('')
    w('/* Index of the extension called name, -1 if unknown to vk.xml. */')
    w('int gvk_extension_index(const char *name);')
    w('')
    w('struct gvk_entrypoint {')
    w('   const char *name;')
    w('   PFN_vkVoidFunction func;          /* NULL: not implemented */')
    w('   PFN_vkVoidFunction fallback;      /* core commands: reports and fails */')
    w('   enum gvk_dispatch_level level;')
    w('   uint32_t core_version;            /* 0 when only extensions provide it */')
    w('   const int16_t *extensions;        /* providing extensions, -1 terminated */')
    w('};')
    w('')
    w('/* The entry point called name, or NULL if vk.xml has no such command. */')
    w('const struct gvk_entrypoint *gvk_entrypoint_lookup(const char *name);')
    w('')
    w('/* What vkGet*ProcAddr hand out: the driver function, else the fallback. */')
    w('static inline PFN_vkVoidFunction')
    w('gvk_entrypoint_func(const struct gvk_entrypoint *e)')
    w('{')
    w('   return e->func ? e->func : e->fallback;')
    w('}')
    w('')
    w('/* Logs, once per command, that an application called a core command')
    w(' * the driver does not implement yet. */')
    w('void gvk_report_unimplemented(const char *name);')
    w('')
    w('/* VK_ERROR_FEATURE_NOT_PRESENT naming the first feature that requested')
    w(' * enables and supported does not (vkCreateDevice). */')
    w('VkResult gvk_check_features(const VkPhysicalDeviceFeatures *supported,')
    w('                            const VkPhysicalDeviceFeatures *requested,')
    w('                            const char **missing);')
    w('')
    w('/* Every command the driver may implement; defining one makes it live. */')
    for c in sorted(commands.values(), key=lambda c: c.name):
        if c.impl != 'gvk_' + c.name[2:]:
            continue
        w(f'VKAPI_ATTR {c.ret} VKAPI_CALL {c.impl}({", ".join(c.params)});')
    w('')
    w('#endif')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')


def write_source(path, commands, exts, feature_members):
    ext_index = {e.name: i for i, e in
                 enumerate([e for e in exts if e.type == 'instance'] +
                           [e for e in exts if e.type == 'device'])}
    ordered = [e for e in exts if e.type == 'instance'] + \
              [e for e in exts if e.type == 'device']
    out = []
    w = out.append
    w('/* Generated by scripts/gen_vk_entrypoints.py from vk.xml. */')
    w('#include "gvk_entrypoints.h"')
    w('')
    w('#include <stdlib.h>')
    w('#include <string.h>')
    w('')
    w('/* Weak: a command the driver does not define resolves to NULL. */')
    for c in sorted(commands.values(), key=lambda c: c.name):
        if c.impl != 'gvk_' + c.name[2:]:
            continue
        w(f'VKAPI_ATTR {c.ret} VKAPI_CALL {c.impl}({", ".join(c.params)})'
          ' __attribute__((weak));')
    w('')
    w('/* Fallbacks of the core commands: each reports itself, then fails. */')
    for c in sorted(commands.values(), key=lambda c: c.name):
        if not c.fallback:
            continue
        w(f'static VKAPI_ATTR {c.ret} VKAPI_CALL')
        w(f'{c.fallback}({", ".join(c.params)})')
        w('{')
        w(f'   gvk_report_unimplemented("{c.name}");')
        w(f'   return{c.fallback_return()};')
        w('}')
    w('')
    w('const VkExtensionProperties gvk_extensions[GVK_EXT_COUNT] = {')
    for e in ordered:
        w(f'   [{e.enum}] = {{ "{e.name}", {e.spec_version} }},')
    w('};')
    w('')
    w('int')
    w('gvk_extension_index(const char *name)')
    w('{')
    w('   for (int i = 0; i < GVK_EXT_COUNT; i++) {')
    w('      if (strcmp(gvk_extensions[i].extensionName, name) == 0)')
    w('         return i;')
    w('   }')
    w('   return -1;')
    w('}')
    w('')
    cmds = sorted(commands.values(), key=lambda c: c.name)
    for i, c in enumerate(cmds):
        idx = [str(ext_index[x]) for x in c.extensions if x in ext_index]
        w(f'static const int16_t exts_{i}[] = {{ {", ".join(idx + ["-1"])} }};')
    w('')
    w('/* Sorted by name for gvk_entrypoint_lookup(). */')
    w('static const struct gvk_entrypoint entrypoints[] = {')
    for i, c in enumerate(cmds):
        core = c.core or '0'
        fallback = f'(PFN_vkVoidFunction){c.fallback}' if c.fallback else 'NULL'
        w(f'   {{ "{c.name}", (PFN_vkVoidFunction){c.impl}, {fallback}, {c.level}, '
          f'{core}, exts_{i} }},')
    w('};')
    w('')
    w('static int')
    w('compare_name(const void *key, const void *elem)')
    w('{')
    w('   return strcmp(key, ((const struct gvk_entrypoint *)elem)->name);')
    w('}')
    w('')
    w('const struct gvk_entrypoint *')
    w('gvk_entrypoint_lookup(const char *name)')
    w('{')
    w('   return bsearch(name, entrypoints, sizeof(entrypoints) / sizeof(entrypoints[0]),')
    w('                  sizeof(entrypoints[0]), compare_name);')
    w('}')
    w('')
    w('VkResult')
    w('gvk_check_features(const VkPhysicalDeviceFeatures *supported,')
    w('                   const VkPhysicalDeviceFeatures *requested,')
    w('                   const char **missing)')
    w('{')
    for m in feature_members:
        w(f'   if (requested->{m} && !supported->{m}) {{')
        w(f'      *missing = "{m}";')
        w('      return VK_ERROR_FEATURE_NOT_PRESENT;')
        w('   }')
    w('   return VK_SUCCESS;')
    w('}')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--xml', required=True, help='path of vk.xml')
    ap.add_argument('--out-dir', required=True)
    ap.add_argument('--api-version', default='1.0',
                    help='Vulkan version the driver reports (MAJOR.MINOR)')
    args = ap.parse_args()
    global REPORTED_VERSION
    REPORTED_VERSION = tuple(int(x) for x in args.api_version.split('.'))
    try:
        root = ET.parse(args.xml).getroot()
    except (OSError, ET.ParseError) as e:
        raise SystemExit(f'gen_vk_entrypoints: cannot read {args.xml}: {e}')
    commands = parse_commands(root)
    parse_features(root, commands)
    exts = parse_extensions(root, commands)
    # Commands of excluded (platform/provisional) extensions and Vulkan SC
    # only commands are left out: vulkan_core.h does not declare their types.
    commands = {n: c for n, c in commands.items() if c.core or c.extensions}
    for c in commands.values():
        if c.impl != 'gvk_' + c.name[2:]:
            target = 'vk' + c.impl[4:]
            if target not in commands:
                c.impl = 'gvk_' + c.name[2:]
    members = parse_feature_members(root, 'VkPhysicalDeviceFeatures')
    write_header(os.path.join(args.out_dir, 'gvk_entrypoints.h'), commands, exts)
    write_source(os.path.join(args.out_dir, 'gvk_entrypoints.c'), commands,
                 exts, members)


if __name__ == '__main__':
    main()
